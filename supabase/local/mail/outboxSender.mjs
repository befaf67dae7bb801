// @ts-check
// Delivers the database's mail outbox (app.mail_outbox): the one sender of every e-mail the product
// itself sends (digests, guest confirmations, invitation codes, conversations). It claims a batch of
// waiting rows, sends each through SMTP — the organisation's own account when the row names one (an
// active settings.integrations row of type smtp), else the platform's sender, locally the stack's
// MailDev — and records the outcome; a failed mail is retried later with a growing pause (the database
// decides when), a permanent refusal (5xx) is not, and a refused recipient goes on the organisation's
// suppression list. A hosted deployment runs the same loop as a worker against the same functions.
import nodemailer from 'nodemailer';
import { MAIL_SENDER } from '../auth/mailer.mjs';
import { SERVICE_ROLE_KEY } from '../keys.mjs';
import { startPollLoop } from '../pollLoop.mjs';
import { mailHeaderProblem } from './mailHeaders.mjs';

export { mailHeaderProblem };

/**
 * Whether nodemailer gave up on a server that did not answer in time (to connect, greet or reply).
 * @param {(Error & { code?: string }) | undefined} error
 */
export const smtpTimedOut = (error) => error?.code === 'ETIMEDOUT';

/** How often the outbox is looked at; a mail waits at most this long before it is sent. */
const POLL_MS = Number(process.env.STEWARD_OUTBOX_POLL_MS ?? 500);
const BATCH = 20;

/** The platform sender's address, for a mail sent in an organisation's name through it. */
const PLATFORM_ADDRESS = /<([^>]+)>/.exec(MAIL_SENDER)?.[1] ?? 'noreply@steward.local';

/**
 * @typedef {{ id: string, base_url: string, settings: { user?: string, from_email?: string, from_name?: string }, password: string | null, last_modified_at: Date }} SmtpAccount
 */

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function startOutboxSender({ config, pool, log }) {
  // A server that does not answer within this — to connect, greet, or at any step after — is given up
  // on: the mail fails with that reason and is retried later (the database's backoff).
  const timeouts = { connectionTimeout: config.smtpTimeoutMs, greetingTimeout: config.smtpTimeoutMs, socketTimeout: config.smtpTimeoutMs };
  const platform = nodemailer.createTransport({ host: config.host, port: config.mailSmtpPort, secure: false, ignoreTLS: true, ...timeouts });
  /** One transport per organisation account, made again when the account changes. @type {Map<string, { stamp: string, transport: import('nodemailer').Transporter }>} */
  const accounts = new Map();

  /**
   * The organisation accounts a batch of mails names, read in one query (an account that is gone is missing).
   * @param {Array<{ integration_id?: string | null }>} mails
   * @returns {Promise<Map<string, SmtpAccount & { usable: boolean }>>}
   */
  async function accountsOf(mails) {
    const ids = [...new Set(mails.map((mail) => mail.integration_id).filter((id) => typeof id === 'string'))];
    if (!ids.length) return new Map();
    const { rows } = await pool.query(
      `select i.id, i.base_url, i.settings, s.api_secret as password, i.last_modified_at, i.is_active and not i.archive as usable
         from settings.integrations i left join app.integration_secrets s on s.integration_id = i.id
        where i.id = any ($1::uuid[]) and i.type = 'smtp'`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The account's transport, kept while the account is unchanged. @param {(SmtpAccount & { usable: boolean }) | undefined} account */
  function accountTransport(account) {
    if (!account?.usable) return null;
    const stamp = `${account.last_modified_at?.toISOString?.() ?? account.last_modified_at}`;
    const cached = accounts.get(account.id);
    if (cached?.stamp === stamp) return { transport: cached.transport, account };
    cached?.transport.close();
    const url = new URL(account.base_url);
    const secure = url.protocol === 'smtps:';
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (secure ? 465 : 587)),
      secure,
      auth: account.settings?.user ? { user: account.settings.user, pass: account.password ?? '' } : undefined,
      ...timeouts,
    });
    accounts.set(account.id, { stamp, transport });
    return { transport, account };
  }

  /** An attachment's bytes, read through the Storage API as service role (the bucket is private). */
  async function attachmentContent(/** @type {{ bucket_id: string, storage_path: string }} */ file) {
    const path = file.storage_path.split('/').map(encodeURIComponent).join('/');
    const response = await fetch(`${config.apiUrl}/storage/v1/object/${encodeURIComponent(file.bucket_id)}/${path}`, {
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    if (!response.ok) throw new Error(`attachment ${file.storage_path} could not be read (${response.status})`);
    return Buffer.from(await response.arrayBuffer());
  }

  async function sendWaiting() {
    // The claim is its own statement (autocommit): once claimed, a row is not offered again for a while.
    const { rows } = await pool.query('select * from app.claim_outbox_mail($1)', [BATCH]);
    const batchAccounts = await accountsOf(rows);
    // The batch's mails go at once: one slow server holds up none but its own.
    await Promise.all(rows.map((mail) => sendOne(mail, batchAccounts)));
    return rows.length;
  }

  /**
   * Sends one claimed mail and records the outcome.
   * @param {any} mail a row of app.mail_outbox
   * @param {Map<string, SmtpAccount & { usable: boolean }>} batchAccounts
   */
  async function sendOne(mail, batchAccounts) {
    let failure = null;
    let permanent = false;
    /** @type {string[]} */
    let bounced = [];
    try {
      let transport = platform;
      /** @type {string | { name: string, address: string }} */
      let from = MAIL_SENDER;
      if (mail.integration_id) {
        const own = accountTransport(batchAccounts.get(mail.integration_id));
        if (own) {
          transport = own.transport;
          from = { name: mail.from_name ?? own.account.settings?.from_name ?? '', address: mail.from_email ?? own.account.settings?.from_email ?? own.account.settings?.user };
        }
      } else if (mail.from_name) {
        from = { name: mail.from_name, address: PLATFORM_ADDRESS };
      }
      /** @type {import('nodemailer').SendMailOptions} */
      const message = {
        from,
        to: [mail.to_email, ...(mail.more_to_emails ?? [])],
        cc: mail.cc_emails?.length ? mail.cc_emails : undefined,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html ?? undefined,
        messageId: mail.header_message_id ?? undefined,
        inReplyTo: mail.in_reply_to ?? undefined,
        references: mail.in_reply_to ?? undefined,
        headers: mail.list_unsubscribe ? { 'List-Unsubscribe': `<${mail.list_unsubscribe}>` } : undefined,
      };
      const refused = mailHeaderProblem({ ...message, from: typeof from === 'string' ? from : [from.name, from.address] });
      if (refused) {
        permanent = true;
        throw new Error(`refused: ${refused}`);
      }
      if (Array.isArray(mail.attachments) && mail.attachments.length) {
        message.attachments = await Promise.all(
          mail.attachments.map(async (/** @type {{ bucket_id: string, storage_path: string, file_name: string, content_type?: string }} */ file) => ({
            filename: file.file_name,
            contentType: file.content_type ?? undefined,
            content: await attachmentContent(file),
          })),
        );
      }
      const info = await transport.sendMail(message);
      // Some recipients refused while others took it: the mail is sent, the refused ones bounced.
      bounced = (info.rejected ?? []).map((address) => (typeof address === 'string' ? address : address.address));
    } catch (error) {
      const smtpError = /** @type {Error & { responseCode?: number, response?: string, command?: string, rejected?: Array<string | { address: string }> }} */ (error);
      failure = smtpTimedOut(smtpError) ? timeoutReason(mail, batchAccounts.get(mail.integration_id)) : (smtpError?.response ?? smtpError?.message ?? String(error));
      if (typeof smtpError?.responseCode === 'number' && smtpError.responseCode >= 500) {
        permanent = true;
        if (smtpError.command === 'RCPT TO') {
          bounced = (smtpError.rejected ?? [mail.to_email]).map((address) => (typeof address === 'string' ? address : address.address));
        }
      }
      log.error(`mail outbox: sending mail ${mail.id} to ${mail.to_email} failed: ${failure}`);
    }
    await pool.query('select app.finish_outbox_mail($1, $2, $3, $4)', [mail.id, failure, permanent, bounced]);
  }

  /** The reason a mail failed when its server did not answer in time, naming the server and the time. */
  function timeoutReason(/** @type {{ integration_id?: string | null }} */ mail, /** @type {SmtpAccount | undefined} */ account) {
    let server = `${config.host}:${config.mailSmtpPort}`;
    if (mail.integration_id && account) {
      const url = new URL(account.base_url);
      server = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    }
    return `The mail server ${server} did not answer within ${Math.round(config.smtpTimeoutMs / 100) / 10} s`;
  }

  const loop = startPollLoop({ name: 'mail outbox', pollMs: POLL_MS, batchSize: BATCH, runBatch: sendWaiting, log });
  return {
    async stop() {
      await loop.stop();
      platform.close();
      for (const { transport } of accounts.values()) transport.close();
      accounts.clear();
    },
  };
}
