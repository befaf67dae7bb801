// @ts-check
// Sends the auth e-mails through SMTP, as GoTrue does; locally the SMTP server is the stack's mail
// outbox (supabase/local/mail). A mail that cannot be sent fails the request, as in GoTrue
// ("Error sending … email"), so a broken outbox is never mistaken for a sent link.
import nodemailer from 'nodemailer';
import { AuthError } from './authErrors.mjs';
import { mailHeaderProblem } from '../mail/mailHeaders.mjs';

export const MAIL_SENDER = 'Steward <noreply@steward.local>';

/** @typedef {{ to: string, subject: string, html: string, text: string }} AuthMail */

/**
 * @param {{ config: import('../config.mjs').StackConfig, log: import('../log.mjs').Logger }} options
 */
export function createMailer({ config, log }) {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.mailSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  return {
    /**
     * @param {AuthMail} mail
     * @param {string} kind what the mail is for, in GoTrue's error wording (confirmation, recovery, …)
     */
    async send(mail, kind) {
      try {
        const refused = mailHeaderProblem(mail);
        if (refused) throw new Error(`refused: ${refused}`);
        await transport.sendMail({ from: MAIL_SENDER, ...mail });
      } catch (error) {
        log.error(`auth: sending the ${kind} mail to ${mail.to} failed: ${/** @type {Error} */ (error)?.message ?? error}`);
        throw new AuthError(500, 'unexpected_failure', `Error sending ${kind} email`);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** @typedef {ReturnType<typeof createMailer>} Mailer */
