// @ts-check
// Stripe's webhook signature scheme, with Web Crypto only (the same file runs in Node and in Deno):
// the `Stripe-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=…]`, the HMAC keyed with
// the endpoint's signing secret (`whsec_…`, used as it is) over `<t>.<raw body>`. A timestamp further
// than the tolerance from now is refused, so a captured request cannot be replayed later.
import { SignatureError, hmacHex, sameText } from '../_shared/webhookSignature.mjs';

export { SignatureError };

/** Stripe's libraries' default tolerance. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The `Stripe-Signature` header Stripe would send for this body (what the test double sends, and what
 * the unit tests check the verification against).
 * @param {string} secret @param {string} payload @param {number} timestamp unix seconds
 */
export async function stripeSignatureHeader(secret, payload, timestamp) {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

/**
 * Throws SignatureError unless the header signs the payload with the secret within the tolerance.
 * @param {string | null} header @param {string} payload @param {string} secret
 * @param {{ now?: number, tolerance?: number }} [options] now in unix seconds
 */
export async function verifyStripeSignature(header, payload, secret, { now = Math.floor(Date.now() / 1000), tolerance = SIGNATURE_TOLERANCE_SECONDS } = {}) {
  if (!header) throw new SignatureError('No Stripe-Signature header.');
  let timestamp = Number.NaN;
  /** @type {string[]} */
  const signatures = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === 't') timestamp = Number(value);
    else if (name === 'v1') signatures.push(value);
  }
  if (!Number.isInteger(timestamp)) throw new SignatureError('The Stripe-Signature header has no timestamp.');
  if (signatures.length === 0) throw new SignatureError('The Stripe-Signature header has no v1 signature.');
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  if (!signatures.some((signature) => sameText(signature, expected))) throw new SignatureError('The signature does not match the payload.');
  if (Math.abs(now - timestamp) > tolerance) throw new SignatureError('The signature is too old (or from the future).');
}
