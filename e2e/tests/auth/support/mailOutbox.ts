import { TEST_STACK_PORT_BASE } from '../../../support/ports';

/** The e2e stack's mail outbox (MailDev: web page and JSON API on the gateway port + 5). */
export const MAIL_OUTBOX_URL = `http://127.0.0.1:${TEST_STACK_PORT_BASE + 5}`;

export type OutboxMail = { id: string; subject: string; text: string; to: Array<{ address: string }> };

/**
 * Waits for the newest mail with this subject to `address`, as the person would find it in their inbox
 * (`timeoutMs`: for a journey that gives the outbox longer).
 */
export async function waitForMail(address: string, subject: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${MAIL_OUTBOX_URL}/api/email`);
    const mails = (await response.json()) as OutboxMail[];
    const found = mails.filter((mail) => mail.subject === subject && mail.to.some((to) => to.address === address.toLowerCase())).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no "${subject}" mail to ${address} in the outbox within ${timeoutMs / 1000} s`);
}

/** The link of a mail (GoTrue's {{ .ConfirmationURL }}), from its text part. */
export function linkOf(mail: OutboxMail): string {
  const match = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in "${mail.subject}"`);
  return match[1];
}

/** The invitation code of a "Your code to join …" mail, from its text part. */
export function inviteCodeOf(mail: OutboxMail): string {
  const match = /Your code: (\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation code in "${mail.subject}"`);
  return match[1];
}
