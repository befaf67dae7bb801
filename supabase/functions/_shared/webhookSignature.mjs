// @ts-check
// What every provider's signed webhook is checked with, with Web Crypto only (the same file runs in
// Node and in Deno; Supabase deploys a function's imports from _shared with it): the hex HMAC-SHA256 of
// a message, compared in constant time, and the error a refused signature throws. Each provider's
// scheme (what is signed, how the signature is sent, how old it may be) is its own: mailgun.mjs and
// stripeSignature.mjs.

const encoder = new TextEncoder();

/** @param {string} key @param {string} message */
export async function hmacHex(key, message) {
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Equal strings, compared in time that does not depend on where they differ. @param {string} a @param {string} b */
export function sameText(a, b) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export class SignatureError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'SignatureError';
  }
}
