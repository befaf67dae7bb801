// @ts-check
// HS256 JSON Web Tokens, the only algorithm PostgREST is configured for here.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** @typedef {Record<string, unknown>} JwtClaims */

/**
 * @param {JwtClaims} claims
 * @param {string} secret
 */
export function signJwt(claims, secret) {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export class JwtError extends Error {
  /** @param {'malformed' | 'bad_signature' | 'expired'} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.name = 'JwtError';
    this.reason = reason;
  }
}

/**
 * Verifies signature and expiry. The leeway matches PostgREST's 30 s clock-skew allowance so a token
 * that PostgREST still accepts is not refused by auth or storage.
 * @param {string} token
 * @param {string} secret
 * @param {{ leewaySeconds?: number, now?: number }} [options]
 * @returns {JwtClaims}
 */
export function verifyJwt(token, secret, options = {}) {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed', 'token is malformed');
  const [header, payload, signature] = /** @type {[string, string, string]} */ (parts);
  let headerJson;
  let claims;
  try {
    headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed', 'token is malformed');
  }
  if (!headerJson || headerJson.alg !== 'HS256' || !claims || typeof claims !== 'object' || Array.isArray(claims)) {
    throw new JwtError('malformed', 'token is malformed');
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('bad_signature', 'signature is invalid');
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const leeway = options.leewaySeconds ?? 30;
  if (typeof claims.exp === 'number' && claims.exp + leeway < now) {
    throw new JwtError('expired', 'token is expired');
  }
  return claims;
}

/** @param {string} text */
function base64url(text) {
  return Buffer.from(text, 'utf8').toString('base64url');
}
