// @ts-check
// A line break in a mail header ends that header: what follows becomes another header (Bcc: …) or the
// body. The database refuses one in what it enqueues (app.enqueue_mail, app.mail_outbox); every sender
// checks again before a mail leaves, whatever wrote it.

/**
 * The first header with a line break, as a short reason; null when every header is one line.
 * @param {Record<string, unknown>} headers the header fields given to nodemailer (to, subject, replyTo, from, …)
 * @returns {string | null}
 */
export function mailHeaderProblem(headers) {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'text' || name === 'html') continue;
    // Extra headers ({ 'List-Unsubscribe': … }) are checked one by one.
    if (name === 'headers' && value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = mailHeaderProblem(/** @type {Record<string, unknown>} */ (value));
      if (inner) return inner;
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && /[\r\n]/.test(item))) return `line break in the ${name} header`;
  }
  return null;
}
