// @ts-check
// GoTrue's error shape. supabase-js reads `code` when the response says API version 2024-01-01 and
// `error_code` otherwise, and the message from `msg` or `message`; all four are sent.
import { sendJson } from '../http.mjs';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  /**
   * @param {number} status
   * @param {string} code GoTrue's error code (weak_password, invalid_credentials, …)
   * @param {string} message
   * @param {Record<string, unknown>} [extra] more top-level fields (weak_password reasons)
   */
  constructor(status, code, message, extra = {}) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {AuthError} error
 */
export function sendAuthError(res, error) {
  sendJson(
    res,
    error.status,
    { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
    { 'x-supabase-api-version': API_VERSION },
  );
}

export const authErrors = {
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  emailRequired: () => new AuthError(400, 'validation_failed', 'An email address is required'),
  /** @param {number} minLength */
  weakPassword: (minLength) =>
    new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  /** @param {number} maxBytes GoTrue's wording, which counts bytes; 422 like the other password refusals */
  passwordTooLong: (maxBytes) =>
    new AuthError(422, 'validation_failed', `Password cannot be longer than ${maxBytes} characters`),
  passwordRequired: () => new AuthError(422, 'validation_failed', 'Signup requires a valid password'),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  refreshTokenNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  /** @param {string} reason */
  badJwt: (reason) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userFromJwtNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  /** @param {string} message */
  validation: (message) => new AuthError(400, 'validation_failed', message),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  anonymousDisabled: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  phoneDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  samlDisabled: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  manualLinkingDisabled: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  /** @param {string} issuer */
  providerDisabled: (issuer) => new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`),
  oauthProviderDisabled: () => new AuthError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled'),
  otpSignupsDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  /** @param {string} value */
  badPagination: (value) =>
    new AuthError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`),
  mfaTotpEnrollDisabled: () => new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP'),
  mfaPhoneEnrollDisabled: () => new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'),
  mfaFactorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
};
