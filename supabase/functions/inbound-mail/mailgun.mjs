// @ts-check
// Mailgun's inbound mail (a route's forward() to this function's URL), with Web APIs only (the same
// file runs in Node and in Deno). Mailgun posts the parsed message as form fields — multipart when it
// has attachments (`attachment-1` … `attachment-<attachment-count>`), `message-headers` the MIME
// headers as a JSON list of [name, value] — and signs each post: `signature` is the hex HMAC-SHA256,
// keyed with the account's HTTP webhook signing key, of `timestamp` followed by `token`.
import { SignatureError, hmacHex, sameText } from '../_shared/webhookSignature.mjs';

export { SignatureError };

/** A post older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks a post's signature fields; throws a SignatureError saying what is wrong.
 * @param {{ timestamp: string, token: string, signature: string }} fields
 * @param {string} signingKey
 * @param {number} nowSeconds
 */
export async function verifyMailgunSignature({ timestamp, token, signature }, signingKey, nowSeconds) {
  if (!signingKey) throw new SignatureError('No Mailgun signing key is set for this function.');
  if (!/^\d+$/.test(timestamp) || !token || !/^[0-9a-f]{64}$/i.test(signature)) throw new SignatureError('The post is not signed.');
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) throw new SignatureError('The signature is too old.');
  if (!sameText(await hmacHex(signingKey, `${timestamp}${token}`), signature.toLowerCase())) throw new SignatureError('The signature does not match.');
}

/**
 * Splits an address header into its addresses ("A <a@x>, b@y" → [{ name: 'A', address: 'a@x' }, …]),
 * commas inside quotes left alone.
 * @param {string | null | undefined} header
 * @returns {{ name: string | null, address: string }[]}
 */
export function parseAddressList(header) {
  if (!header) return [];
  /** @type {string[]} */
  const parts = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (char === '<' && !quoted) angle = true;
    else if (char === '>' && !quoted) angle = false;
    if (char === ',' && !quoted && !angle) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(.*?)<([^<>]*)>\s*$/.exec(part);
      if (!match) return { name: null, address: part.toLowerCase() };
      const name = (match[1] ?? '').trim().replace(/^"(.*)"$/, '$1').trim();
      return { name: name || null, address: (match[2] ?? '').trim().toLowerCase() };
    })
    .filter((entry) => entry.address.includes('@'));
}

/** @param {FormData} form @param {string} name */
const field = (form, name) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : null;
};

/**
 * The mail Mailgun posted, in the shape app.receive_mail takes (without the attachments, which are
 * stored first), and its attachment files.
 * @param {FormData} form
 */
export function mailFromMailgun(form) {
  /** @type {Map<string, string>} the MIME headers by lower-case name (the first of each) */
  const headers = new Map();
  try {
    const list = JSON.parse(field(form, 'message-headers') ?? '[]');
    if (Array.isArray(list)) {
      for (const entry of list) {
        if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string' && !headers.has(entry[0].toLowerCase())) {
          headers.set(entry[0].toLowerCase(), entry[1]);
        }
      }
    }
  } catch {
    // Not JSON: the fields Mailgun also posts for the main headers are used instead.
  }
  const header = (/** @type {string} */ name, /** @type {string} */ formName = name) => headers.get(name.toLowerCase()) ?? field(form, formName);
  // The envelope's recipients first: they name the organisation (as the SMTP server's envelope does).
  const envelope = (field(form, 'recipient') ?? '').split(',').map((address) => address.trim().toLowerCase()).filter(Boolean);
  const to = [...new Set([...envelope, ...parseAddressList(header('To')).map((entry) => entry.address)])];
  const from = parseAddressList(header('From', 'from'))[0] ?? null;
  const count = Number(field(form, 'attachment-count') ?? '0');
  /** @type {File[]} */
  const files = [];
  for (let index = 1; index <= (Number.isInteger(count) ? Math.min(count, 100) : 0); index += 1) {
    const file = form.get(`attachment-${index}`);
    if (file && typeof file !== 'string') files.push(/** @type {File} */ (file));
  }
  const references = (header('References') ?? '').split(/\s+/).filter(Boolean);
  return {
    mail: {
      to,
      cc: parseAddressList(header('Cc')).map((entry) => entry.address),
      from: from?.address ?? (field(form, 'sender') ?? '').toLowerCase(),
      from_name: from?.name ?? null,
      subject: field(form, 'subject') ?? header('Subject') ?? '',
      text: field(form, 'body-plain') ?? '',
      html: field(form, 'body-html'),
      message_id: header('Message-Id') ?? null,
      in_reply_to: header('In-Reply-To') ?? null,
      references,
    },
    files,
    /** The organisation's folder of message files: the first recipient's local part before any +. */
    slug: (to[0] ?? '').split('@')[0]?.split('+')[0] ?? '',
  };
}
