// @ts-check
// Request bodies of the auth endpoints, validated at the edge. Field names are GoTrue's.
import { z } from 'zod';
import { AuthError, authErrors } from './authErrors.mjs';

/** The product's minimum ("Minimum password length: 8"); the stack's config may set another. */
export const PASSWORD_MIN_LENGTH = 8;

/** bcrypt reads 72 bytes of its input and ignores the rest (GoTrue's MaxPasswordLength). */
export const PASSWORD_MAX_BYTES = 72;

const metadata = z.record(z.string(), z.unknown());

export const signUpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadata.optional(),
});

export const passwordGrantBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
});

export const refreshGrantBody = z.object({
  refresh_token: z.string().optional(),
});

export const updateUserBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.optional(),
});

export const adminUserBody = z.object({
  id: z.uuid().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  role: z.string().min(1).optional(),
  ban_duration: z.string().optional(),
});

export const adminDeleteBody = z.object({
  should_soft_delete: z.boolean().optional(),
});

export const inviteBody = z.object({
  email: z.string().optional(),
  data: metadata.optional(),
});

export const generateLinkBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  new_email: z.string().optional(),
  password: z.string().optional(),
  data: metadata.optional(),
  redirect_to: z.string().optional(),
});

export const recoverBody = z.object({
  email: z.string().optional(),
});

export const verifyBody = z.object({
  type: z.string().optional(),
  token_hash: z.string().optional(),
  token: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

export const resendBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

export const otpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  data: metadata.optional(),
});

export const idTokenBody = z.object({
  provider: z.string().optional(),
  id_token: z.string().optional(),
  issuer: z.string().optional(),
  client_id: z.string().optional(),
});

/**
 * @template {z.ZodType} T
 * @param {T} schema
 * @param {unknown} body
 * @returns {z.infer<T>}
 */
export function parseBody(schema, body) {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw authErrors.validation(`Invalid ${field}: ${issue?.message ?? 'invalid value'}`);
}

/**
 * Lower-cased and checked like GoTrue (HTML5 e-mail syntax, at most 255 characters).
 * @param {string | undefined} email
 */
export function normaliseEmail(email) {
  const value = (email ?? '').trim().toLowerCase();
  if (value === '') throw authErrors.emailRequired();
  if (value.length > 255) throw new AuthError(400, 'validation_failed', 'An email address is too long');
  if (!z.regexes.html5Email.test(value)) throw authErrors.invalidEmail();
  return value;
}

/**
 * @param {string} password
 * @param {number} [minLength] the stack's configured minimum
 */
export function checkPasswordStrength(password, minLength = PASSWORD_MIN_LENGTH) {
  // A longer password would be stored cut to its first 72 bytes, so anything sharing them would sign in.
  if (!fitsBcrypt(password)) throw authErrors.passwordTooLong(PASSWORD_MAX_BYTES);
  // Length in characters, not UTF-16 units, as GoTrue counts runes.
  if ([...password].length < minLength) throw authErrors.weakPassword(minLength);
}

/** Whether bcrypt reads all of the password (its UTF-8 bytes, as GoTrue's len() counts them). */
export function fitsBcrypt(/** @type {string} */ password) {
  return Buffer.byteLength(password, 'utf8') <= PASSWORD_MAX_BYTES;
}

/**
 * Go duration strings as GoTrue accepts for ban_duration ("24h", "1h30m", "90s"); "none" lifts a ban.
 * @param {string} value
 * @returns {number | null} milliseconds, or null for "none"
 */
export function parseBanDuration(value) {
  if (value === 'none') return null;
  const units = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const match of value.matchAll(pattern)) {
    total += Number(match[1]) * units[/** @type {keyof typeof units} */ (match[2])];
    consumed += match[0].length;
  }
  if (consumed === 0 || consumed !== value.length) {
    throw authErrors.validation('invalid format for ban duration: expected a duration such as "24h" or "none"');
  }
  return total;
}
