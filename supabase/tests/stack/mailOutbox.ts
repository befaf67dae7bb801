/** One message of the stack's mail outbox, as its JSON API (MailDev's GET /api/email) returns it. */
export type OutboxMail = {
  id: string;
  subject: string;
  text: string;
  html: string;
  time: string;
  to: Array<{ address: string }>;
};

/** The mail outbox of a stack on `portBase` (its web page and API listen on the gateway port + 5). */
export function mailOutboxUrl(portBase: number): string {
  return `http://127.0.0.1:${portBase + 5}`;
}

export async function mailsTo(outboxUrl: string, address: string): Promise<OutboxMail[]> {
  const response = await fetch(`${outboxUrl}/api/email`);
  if (!response.ok) throw new Error(`mail outbox answered ${response.status}`);
  const mails = (await response.json()) as OutboxMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits for the newest mail to `address` with this subject that was not in `seen`. */
export async function waitForMail(outboxUrl: string, address: string, subject: string, seen: readonly string[] = []): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = await mailsTo(outboxUrl, address);
    const fresh = mails.filter((mail) => mail.subject === subject && !seen.includes(mail.id));
    const newest = fresh.at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subject}" mail to ${address} within 10 s`);
}

/** The verify link of a mail (GoTrue's {{ .ConfirmationURL }}), from its text part. */
export function linkOf(mail: OutboxMail): string {
  const match = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no verify link in "${mail.subject}"`);
  return match[1];
}

/** The six-digit code of a mail (GoTrue's {{ .Token }}). */
export function codeOf(mail: OutboxMail): string {
  const match = /enter the code: (\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in "${mail.subject}"`);
  return match[1];
}
