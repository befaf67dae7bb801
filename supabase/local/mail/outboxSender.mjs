// @ts-check
// Delivers the database's mail outbox (app.mail_outbox): the one sender of every e-mail the product
// itself sends (digests, guest confirmations, invitation codes). It claims a batch of waiting rows,
// sends each through SMTP — locally into the stack's MailDev — and records the outcome; a failed mail
// is retried later with a growing pause (the database decides when). A hosted deployment runs the same
// loop as a worker or an Edge Function against the same two functions.
import nodemailer from 'nodemailer';
import { MAIL_SENDER } from '../auth/mailer.mjs';
import { startPollLoop } from '../pollLoop.mjs';
import { mailHeaderProblem } from './mailHeaders.mjs';

export { mailHeaderProblem };

/** How often the outbox is looked at; a mail waits at most this long before it is sent. */
const POLL_MS = Number(process.env.STEWARD_OUTBOX_POLL_MS ?? 500);
const BATCH = 20;

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function startOutboxSender({ config, pool, log }) {
  const transport = nodemailer.createTransport({ host: config.host, port: config.mailSmtpPort, secure: false, ignoreTLS: true });

  async function sendWaiting() {
    // The claim is its own statement (autocommit): once claimed, a row is not offered again for a while.
    const { rows } = await pool.query('select id, to_email, subject, body_text, body_html from app.claim_outbox_mail($1)', [BATCH]);
    for (const mail of rows) {
      let failure = null;
      const message = { from: MAIL_SENDER, to: mail.to_email, subject: mail.subject, text: mail.body_text, html: mail.body_html ?? undefined };
      const refused = mailHeaderProblem(message);
      try {
        if (refused) throw new Error(`refused: ${refused}`);
        await transport.sendMail(message);
      } catch (error) {
        failure = /** @type {Error} */ (error)?.message ?? String(error);
        log.error(`mail outbox: sending mail ${mail.id} to ${mail.to_email} failed: ${failure}`);
      }
      await pool.query('select app.finish_outbox_mail($1, $2)', [mail.id, failure]);
    }
    return rows.length;
  }

  const loop = startPollLoop({ name: 'mail outbox', pollMs: POLL_MS, batchSize: BATCH, runBatch: sendWaiting, log });
  return {
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
