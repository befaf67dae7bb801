// @ts-check
// What every auth route family works with: the stack's settings, rate limits, the mailer and the
// e-mail links it sends (confirmation, invitation, recovery and magic link, e-mail change), using a
// link's one-time token, and who the caller is (a signed-in user, or the service role).
import { inTransaction } from '../inTransaction.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { bearerToken, sendJson } from '../http.mjs';
import { verifiedClaims } from '../router.mjs';
import { API_VERSION, authErrors } from './authErrors.mjs';
import { checkPasswordStrength } from './authSchemas.mjs';
import { authMails } from './authMails.mjs';
import { createMailer } from './mailer.mjs';
import { clearToken, createCodeAttempts, findByToken, issueToken } from './oneTimeTokens.mjs';
import { createRateLimits } from './rateLimits.mjs';
import { allowedRedirect } from './redirects.mjs';
import { sessionExists, startSession } from './sessions.mjs';
import { confirmEmail, findUserByEmail, findUserById, insertUser, isBanned, recordSignIn, updateUserRow } from './userStore.mjs';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** @typedef {ReturnType<typeof createAuthContext>} AuthContext */

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function createAuthContext({ config, pool, log }) {
  const { apiUrl, autoconfirm, minPasswordLength, siteUrl } = config;
  const mailer = createMailer({ config, log });
  const limits = createRateLimits(config.authRateLimits);
  const codeAttempts = createCodeAttempts();
  /** @param {string} password */
  const checkPassword = (password) => checkPasswordStrength(password, minPasswordLength);

  /**
   * @template T
   * @param {(client: import('pg').PoolClient) => Promise<T>} work
   */
  function transaction(work) {
    return inTransaction(pool, work);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {string} [method] the amr method of the new session
   */
  function requestContext(req, method) {
    return { apiUrl, userAgent: req.headers['user-agent'], ip: req.socket.remoteAddress, method };
  }

  /**
   * Counted against [auth.rate_limit] email_sent before it goes; a new code starts its address's tries afresh.
   * @param {import('./mailer.mjs').AuthMail} mail @param {string} kind
   */
  async function sendMail(mail, kind) {
    limits.mailSent();
    await mailer.send(mail, kind);
    codeAttempts.reset(mail.to);
  }

  /** The client's address, as rate limits key it. */
  function clientIp(/** @type {import('node:http').IncomingMessage} */ req) {
    return req.socket.remoteAddress;
  }

  /** @param {URLSearchParams} query where an e-mail link should land (GoTrue's redirect_to, else the site URL) */
  function redirectTarget(query) {
    return allowedRedirect(query.get('redirect_to'), siteUrl);
  }

  /** GoTrue's {{ .ConfirmationURL }}: the link goes through /verify, which redirects with the session. */
  function verifyLink(/** @type {string} */ hash, /** @type {string} */ type, /** @type {string} */ redirectTo) {
    return `${apiUrl}/auth/v1/verify?token=${hash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  }

  /**
   * @param {import('pg').PoolClient} client
   * @param {import('./userStore.mjs').UserRow} user
   * @param {string} redirectTo
   */
  async function sendConfirmation(client, user, redirectTo) {
    const email = String(user.email).toLowerCase();
    const { otp, hash } = await issueToken(client, user.id, 'confirmation', email);
    await sendMail(authMails.confirmation(email, { otp, link: verifyLink(hash, 'signup', redirectTo) }), 'confirmation');
  }

  /**
   * An invitation (GoTrue's /invite): the link confirms the address and signs the invitee in.
   * @param {import('pg').PoolClient} client
   * @param {import('./userStore.mjs').UserRow} user
   * @param {string} redirectTo
   */
  async function sendInvite(client, user, redirectTo) {
    const email = String(user.email).toLowerCase();
    const { otp, hash } = await issueToken(client, user.id, 'confirmation', email);
    await sendMail(authMails.invite(email, { otp, link: verifyLink(hash, 'invite', redirectTo) }, siteUrl), 'invite');
  }

  /**
   * The login an invitation or a generated invite link is for: created when missing, marked invited.
   * @param {import('pg').PoolClient} client @param {string} email @param {Record<string, unknown> | undefined} data
   */
  async function invitedUser(client, email, data) {
    let user = await findUserByEmail(client, email);
    if (user?.email_confirmed_at) throw authErrors.emailExists();
    if (!user) user = await insertUser(client, { email, password: null, emailConfirmed: false, userMetadata: data ?? {} });
    await client.query('update auth.users set invited_at = now(), updated_at = now() where id = $1', [user.id]);
    return /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id));
  }

  /**
   * A recovery or magic link: both live in recovery_token, as in GoTrue.
   * @param {import('pg').PoolClient} client
   * @param {import('./userStore.mjs').UserRow} user
   * @param {'recovery' | 'magiclink'} type
   * @param {string} redirectTo
   */
  async function sendRecovery(client, user, type, redirectTo) {
    const email = String(user.email).toLowerCase();
    const { otp, hash } = await issueToken(client, user.id, 'recovery', email);
    const token = { otp, link: verifyLink(hash, type, redirectTo) };
    await sendMail(type === 'recovery' ? authMails.recovery(email, token) : authMails.magicLink(email, token), type === 'recovery' ? 'recovery' : 'magic link');
  }

  /**
   * Secure e-mail change (config.toml double_confirm_changes): a link to the current address and one
   * to the new; the change applies once both are followed.
   * @param {import('pg').PoolClient} client
   * @param {import('./userStore.mjs').UserRow} user
   * @param {string} newEmail
   * @param {string} redirectTo
   */
  async function sendEmailChange(client, user, newEmail, redirectTo) {
    const email = String(user.email).toLowerCase();
    await client.query(
      "update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_sent_at = now() where id = $1",
      [user.id, newEmail],
    );
    const change = { email, newEmail };
    const toNew = await issueToken(client, user.id, 'email_change_new', newEmail);
    const toCurrent = await issueToken(client, user.id, 'email_change_current', email);
    await sendMail(
      authMails.emailChange(newEmail, { otp: toNew.otp, link: verifyLink(toNew.hash, 'email_change', redirectTo) }, change),
      'email change',
    );
    await sendMail(
      authMails.emailChange(email, { otp: toCurrent.otp, link: verifyLink(toCurrent.hash, 'email_change', redirectTo) }, change),
      'email change',
    );
  }

  /**
   * Uses a one-time token. Returns the user to start a session for, or `pending` when an e-mail change
   * still waits for the link sent to the other address.
   * @param {import('pg').PoolClient} client
   * @param {string} type
   * @param {string} hash
   * @returns {Promise<{ user: import('./userStore.mjs').UserRow } | { pending: true }>}
   */
  async function useToken(client, type, hash) {
    const found = await findByToken(client, type, hash);
    if (!found || found.expired) throw authErrors.otpExpired();
    const { user, column } = found;
    if (isBanned(user)) throw authErrors.userBanned();
    await clearToken(client, user.id, column);
    if (column === 'confirmation' || column === 'recovery') {
      // Following any mailed link proves the address, as in GoTrue.
      await confirmEmail(client, user.id);
    } else if (user.email_change_confirm_status === 0 && user.email) {
      await client.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
      return { pending: true };
    } else {
      const newEmail = String(user.email_change);
      const taken = await findUserByEmail(client, newEmail);
      if (taken && taken.id !== user.id) throw authErrors.emailExists();
      await updateUserRow(client, user.id, { email: newEmail });
      await client.query(
        `update auth.users set email_change_token_new = '', email_change_token_current = '', email_change_confirm_status = 0,
                email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now())
          where id = $1`,
        [user.id],
      );
    }
    return { user: /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id)) };
  }

  /**
   * Uses an e-mail link's token and starts the session it grants; null while an e-mail change still
   * waits for the link sent to the other address.
   * @param {import('node:http').IncomingMessage} req @param {string} type @param {string} hash
   */
  function signInWithToken(req, type, hash) {
    return transaction(async (client) => {
      const used = await useToken(client, type, hash);
      if ('pending' in used) return null;
      await recordSignIn(client, used.user.id);
      const signedIn = /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, used.user.id));
      return startSession(client, signedIn, requestContext(req, 'otp'));
    });
  }

  /**
   * The caller's verified access-token claims (a signed-in user, not the anon key).
   * @param {import('node:http').IncomingMessage} req
   */
  async function userClaims(req) {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const claims = verifyOrThrow(token);
    if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
    // A token outlives its user by up to an hour: a deleted or banned user's is refused at once.
    const user = UUID.test(claims.sub) ? await findUserById(pool, claims.sub) : null;
    if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
    if (isBanned(user)) throw authErrors.userBanned();
    if (typeof claims.session_id === 'string' && !(await sessionExists(pool, claims.session_id))) {
      throw authErrors.sessionNotFound();
    }
    return { userId: claims.sub, sessionId: typeof claims.session_id === 'string' ? claims.session_id : null };
  }

  /** @param {import('node:http').IncomingMessage} req */
  function requireAdmin(req) {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const claims = verifyOrThrow(token);
    if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw authErrors.notAdmin();
  }

  /** @param {string} token */
  function verifyOrThrow(token) {
    return verifiedClaims(token, JWT_SECRET, (_reason, message) => authErrors.badJwt(message));
  }


  return {
    pool,
    apiUrl,
    autoconfirm,
    siteUrl,
    limits,
    codeAttempts,
    checkPassword,
    transaction,
    requestContext,
    clientIp,
    redirectTarget,
    verifyLink,
    sendConfirmation,
    sendInvite,
    invitedUser,
    sendRecovery,
    sendEmailChange,
    signInWithToken,
    userClaims,
    requireAdmin,
    close: () => mailer.close(),
  };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendOk(res, body, headers = {}) {
  sendJson(res, 200, body, { ...headers, 'x-supabase-api-version': API_VERSION });
}
