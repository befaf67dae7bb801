// @ts-check
// GoTrue's rate limits (config.toml [auth.rate_limit], [auth.email] max_frequency), kept in memory
// as GoTrue keeps them: token buckets that hold `limit` requests and refill over their window, keyed
// by the client's IP address and, here also, by the e-mail address a request names, so that spreading
// guesses over many addresses does not help against one account, nor many addresses against one.
// A request that one bucket refuses takes nothing from the others.
import { AuthError } from './authErrors.mjs';

const FIVE_MINUTES = 5 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Buckets kept before refilled ones are swept out. */
const SWEEP_AT = 10_000;

export const rateLimitErrors = {
  request: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailSent: () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  /** @param {number} seconds */
  emailFrequency: (seconds) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
};

/**
 * @param {import('../config.mjs').AuthRateLimits} limits
 * @param {() => number} [now]
 */
export function createRateLimits(limits, now = () => Date.now()) {
  /** @type {Map<string, { tokens: number, at: number, limit: number, windowMs: number }>} */
  const buckets = new Map();
  /** @type {Map<string, number>} address → when the last mail to it was allowed */
  const lastMail = new Map();

  /** @param {string} id @param {number} limit @param {number} windowMs */
  function bucket(id, limit, windowMs) {
    const time = now();
    let entry = buckets.get(id);
    if (!entry) {
      if (buckets.size >= SWEEP_AT) sweep(time);
      entry = { tokens: limit, at: time, limit, windowMs };
      buckets.set(id, entry);
    } else {
      entry.tokens = Math.min(limit, entry.tokens + ((time - entry.at) * limit) / windowMs);
      entry.at = time;
    }
    return entry;
  }

  /** Buckets that have refilled completely say nothing a new bucket would not. */
  function sweep(/** @type {number} */ time) {
    for (const [id, entry] of buckets) {
      if (entry.tokens + ((time - entry.at) * entry.limit) / entry.windowMs >= entry.limit) buckets.delete(id);
    }
    for (const [address, at] of lastMail) {
      if (time - at >= limits.emailMaxFrequencySeconds * 1000) lastMail.delete(address);
    }
  }

  /**
   * Takes one request from each key's bucket, or none when any of them is empty.
   * @param {string} name @param {number} limit @param {number} windowMs @param {Array<string | null | undefined>} keys
   * @param {() => AuthError} refusal
   */
  function take(name, limit, windowMs, keys, refusal) {
    const entries = keys.filter((key) => typeof key === 'string' && key !== '').map((key) => bucket(`${name}:${key}`, limit, windowMs));
    if (entries.some((entry) => entry.tokens < 1)) throw refusal();
    for (const entry of entries) entry.tokens -= 1;
  }

  return {
    /**
     * Password sign-in, sign-up, OTP, recovery and resend ([auth.rate_limit] sign_in_sign_ups).
     * @param {string | undefined} ip @param {string | null} [email]
     */
    signInOrSignUp(ip, email) {
      take('sign_in', limits.signInSignUps, FIVE_MINUTES, [ip && `ip:${ip}`, email && `email:${email}`], rateLimitErrors.request);
    },
    /**
     * A password sign-in: per IP address only, as GoTrue counts it. Never per e-mail address: others'
     * guesses at an account must not refuse its owner's right password.
     * @param {string | undefined} ip
     */
    passwordSignIn(ip) {
      take('sign_in', limits.signInSignUps, FIVE_MINUTES, [ip && `ip:${ip}`], rateLimitErrors.request);
    },
    /**
     * A code or link checked at /verify ([auth.rate_limit] token_verifications): per IP address, and a
     * code for an address per (IP address, e-mail address), so nobody's checks use up another client's.
     * @param {string | undefined} ip @param {string | null} [email]
     */
    verification(ip, email) {
      take('verify', limits.tokenVerifications, FIVE_MINUTES, [ip && `ip:${ip}`, email && `email:${email} from ${ip ?? ''}`], rateLimitErrors.request);
    },
    /** @param {string | undefined} ip ([auth.rate_limit] token_refresh) */
    refresh(ip) {
      take('refresh', limits.tokenRefresh, FIVE_MINUTES, [ip && `ip:${ip}`], rateLimitErrors.request);
    },
    /**
     * A request that mails `email` (or would, were the address known: the answer must not tell):
     * [auth.email] max_frequency per address. Call before the work; the mail itself is counted by `mailSent`.
     * @param {string} email
     */
    mailRequest(email) {
      const time = now();
      const last = lastMail.get(email);
      const waitMs = last === undefined ? 0 : last + limits.emailMaxFrequencySeconds * 1000 - time;
      if (waitMs > 0) throw rateLimitErrors.emailFrequency(Math.ceil(waitMs / 1000));
      lastMail.set(email, time);
    },
    /** One auth mail about to be sent ([auth.rate_limit] email_sent, per hour, all addresses together). */
    mailSent() {
      take('email_sent', limits.emailSent, ONE_HOUR, ['all'], rateLimitErrors.emailSent);
    },
  };
}

/** @typedef {ReturnType<typeof createRateLimits>} RateLimits */
