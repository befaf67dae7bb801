// @ts-check
// E-mail one-time tokens the way GoTrue keeps them in auth.users: a six-digit code is mailed, and the
// column holds a SHA-224 of email + code in hex — the `token_hash` of links and verifyOtp({ token_hash }).
// GoTrue's is a plain SHA-224, which anyone who knows the address can compute for all 10⁶ codes and
// try as token hashes; here it is keyed (HMAC with the stack's secret), so a token hash is only
// learnt from the mail, and guessing is left to the code, whose wrong tries are counted.
// A token is cleared when used, so a used link and an unknown one answer alike.
import { createHmac, randomInt } from 'node:crypto';
import { JWT_SECRET } from '../keys.mjs';

/** GoTrue's MAILER_OTP_EXP default: links and codes live one hour. */
export const OTP_LIFETIME_SECONDS = 3600;

/** @typedef {'confirmation' | 'recovery' | 'email_change_new' | 'email_change_current'} TokenColumn */

/** Where each kind of token lives, and since when it was sent. */
const COLUMNS = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
};

/**
 * Which columns a verification type may match (GoTrue's `type` of /verify).
 * @type {Record<string, TokenColumn[]>}
 */
export const COLUMNS_BY_TYPE = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['email_change_new', 'email_change_current'],
};

/** @param {string} email @param {string} otp */
export function tokenHash(email, otp) {
  return createHmac('sha224', JWT_SECRET).update(`${email}${otp}`).digest('hex');
}

/** Wrong codes one address may enter before every code it holds is void (a new one must be mailed). */
export const MAX_WRONG_CODES = 5;

/**
 * Codes one client may have checked for one address in a day, whatever number of new codes it was
 * mailed: a new mail gives MAX_WRONG_CODES more tries, so without this a guesser who asks for mail after
 * mail gets thousands of tries a day. Past it, that client's codes for the address are refused until the
 * day has passed (another client's, the owner's, are not: nobody can lock an address out); the link in
 * the mail (a token hash no one can guess) still works.
 */
export const MAX_CODES_PER_DAY = 4 * MAX_WRONG_CODES;

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts the codes entered for each address since its last code was mailed, and in its current day.
 * The count is taken before the code is looked up, so however many tries run at once, at most
 * MAX_WRONG_CODES (and MAX_CODES_PER_DAY) are ever checked.
 * @param {() => number} [now]
 */
export function createCodeAttempts(now = () => Date.now()) {
  /** @type {Map<string, number>} */
  const attempts = new Map();
  /** @type {Map<string, { since: number, used: number }>} */
  const days = new Map();

  /** @param {string} key */
  function dayOf(key) {
    const time = now();
    let day = days.get(key);
    if (!day || time - day.since >= ONE_DAY_MS) {
      if (days.size >= 10_000) {
        for (const [address, entry] of days) if (time - entry.since >= ONE_DAY_MS) days.delete(address);
      }
      day = { since: time, used: 0 };
      days.set(key, day);
    }
    return day;
  }

  return {
    /**
     * @param {string} email @param {string | undefined} client the checking client's address
     * @returns {boolean} false when the address has used up its code's tries, or this client its day
     */
    begin(email, client) {
      const used = attempts.get(email) ?? 0;
      const day = dayOf(`${email} from ${client ?? ''}`);
      if (used >= MAX_WRONG_CODES || day.used >= MAX_CODES_PER_DAY) return false;
      attempts.set(email, used + 1);
      day.used += 1;
      return true;
    },
    /** @param {string} email @param {string | undefined} client the code was right: its tries start again */
    succeeded(email, client) {
      attempts.delete(email);
      days.delete(`${email} from ${client ?? ''}`);
    },
    /** @param {string} email @returns {boolean} whether that wrong code was the last try */
    exhausted(email) {
      return (attempts.get(email) ?? 0) >= MAX_WRONG_CODES;
    },
    /** @param {string} email a new code was mailed */
    reset(email) {
      attempts.delete(email);
    },
  };
}

/**
 * Voids every one-time token of the address's user (codes and links alike).
 * @param {import('pg').Pool | import('pg').PoolClient} db @param {string} email
 */
export async function voidTokensOf(db, email) {
  await db.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
            email_change_token_current = '', updated_at = now()
      where (lower(email) = $1 or lower(email_change) = $1) and deleted_at is null`,
    [email],
  );
}

export function newOtp() {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a fresh token for the address and returns the code to mail and the hash for the link.
 * @param {import('pg').PoolClient} client
 * @param {string} userId
 * @param {TokenColumn} column
 * @param {string} email the address the mail goes to (part of the hash)
 */
export async function issueToken(client, userId, column, email) {
  const otp = newOtp();
  const hash = tokenHash(email, otp);
  const { token, sentAt } = COLUMNS[column];
  await client.query(`update auth.users set ${token} = $2, ${sentAt} = now(), updated_at = now() where id = $1`, [userId, hash]);
  return { otp, hash };
}

/**
 * The user holding this token hash in one of the type's columns, locked for the caller's transaction.
 * @param {import('pg').PoolClient} client
 * @param {string} type
 * @param {string} hash
 * @returns {Promise<{ user: import('./userStore.mjs').UserRow, column: TokenColumn, expired: boolean } | null>}
 */
export async function findByToken(client, type, hash) {
  for (const column of COLUMNS_BY_TYPE[type] ?? []) {
    const { token, sentAt } = COLUMNS[column];
    const { rows } = await client.query(
      `select *, coalesce(${sentAt} < now() - make_interval(secs => $2), true) as token_expired
         from auth.users where ${token} = $1 and ${token} <> '' and deleted_at is null
        limit 1 for update`,
      [hash, OTP_LIFETIME_SECONDS],
    );
    const row = rows[0];
    if (row) {
      const { token_expired: expired, ...user } = row;
      return { user, column, expired: expired === true };
    }
  }
  return null;
}

/**
 * @param {import('pg').PoolClient} client
 * @param {string} userId
 * @param {TokenColumn} column
 */
export async function clearToken(client, userId, column) {
  await client.query(`update auth.users set ${COLUMNS[column].token} = '' where id = $1`, [userId]);
}
