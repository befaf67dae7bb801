// @ts-check
// The local mail outbox, as Supabase's CLI runs one next to its stack: an SMTP catcher the auth
// service sends through (MailDev), with a web page to read the mail and a JSON API (GET /api/email)
// that tests read. Mail is kept in the stack's data dir, so it survives a restart and goes with a reset.
import fs from 'node:fs/promises';

/** Enough for any test run or working day; the oldest mail goes first. */
const MAX_EMAILS = 1000;

/**
 * @param {import('../config.mjs').StackConfig} config
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startMailOutbox(config) {
  await fs.mkdir(config.mailDir, { recursive: true });
  // Loaded only when a stack starts: the CLI's other commands and the tests' helpers do without it.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: config.mailSmtpPort,
    ip: config.host,
    web: config.mailWebPort,
    webIp: config.host,
    mailDirectory: config.mailDir,
    maxEmails: MAX_EMAILS,
    silent: true,
  });
  await maildev.start();
  return {
    url: config.mailUrl,
    stop: () => maildev.stop(),
  };
}
