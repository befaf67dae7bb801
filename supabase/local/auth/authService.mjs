// @ts-check
// The GoTrue subset supabase-js uses: sign-up, password and refresh grants, the current user, sign-out,
// e-mail links (confirmation, recovery, magic link, e-mail change: /verify, /resend, /recover, /otp),
// and the admin user API (service role). Users live in auth.users; tokens are HS256 JWTs that
// PostgREST and storage verify with the same secret. Mail goes through SMTP to the local outbox.
import { inTransaction } from '../inTransaction.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { bearerToken, readJsonBody, sendJson } from '../http.mjs';
import { classifyFailure, createRouter, serveRoutes, verifiedClaims } from '../router.mjs';
import { API_VERSION, AuthError, authErrors, sendAuthError } from './authErrors.mjs';
import {
  adminDeleteBody,
  adminUserBody,
  checkPasswordStrength,
  fitsBcrypt,
  generateLinkBody,
  idTokenBody,
  inviteBody,
  normaliseEmail,
  otpBody,
  parseBanDuration,
  parseBody,
  passwordGrantBody,
  recoverBody,
  refreshGrantBody,
  resendBody,
  signUpBody,
  updateUserBody,
  verifyBody,
} from './authSchemas.mjs';
import { authMails } from './authMails.mjs';
import { createMailer } from './mailer.mjs';
import { COLUMNS_BY_TYPE, clearToken, createCodeAttempts, findByToken, issueToken, tokenHash, voidTokensOf } from './oneTimeTokens.mjs';
import { createRateLimits } from './rateLimits.mjs';
import { allowedRedirect, issuerOf } from './redirects.mjs';
import { endSessions, refreshSession, sessionExists, startSession } from './sessions.mjs';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  mergeMetadata,
  passwordMatches,
  recordSignIn,
  updateUserRow,
  userJson,
} from './userStore.mjs';

/** What a browser opens from an e-mail link or an OAuth button carries no apikey (Kong's open auth routes). */
export function isPublicAuthPath(/** @type {string} */ path) {
  return path === '/verify' || path === '/authorize' || path === '/callback';
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function createAuthService({ config, pool, log }) {
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

  /** @type {Record<string, (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, match: import('../router.mjs').RouteMatch) => Promise<void>>} */
  const routes = {
    async 'POST /signup'(req, res, { query }) {
      const body = parseBody(signUpBody, await readJsonBody(req));
      if (!body.email && body.phone) throw authErrors.phoneDisabled();
      // supabase-js signInAnonymously() is a sign-up without address or password.
      if (!body.email && !body.password) throw authErrors.anonymousDisabled();
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      if (!autoconfirm) limits.mailRequest(email);
      if (!body.password) throw authErrors.passwordRequired();
      checkPassword(body.password);
      const password = body.password;
      const response = await transaction(async (client) => {
        let existing = await findUserByEmail(client, email);
        if (existing && isUnclaimed(existing) && autoconfirm) {
          // Made by a magic-link request (anyone may ask for one for any address) and never used: it
          // does not own the address. It goes, with the link it was mailed, and the sign-up proceeds.
          await client.query('delete from auth.users where id = $1', [existing.id]);
          existing = null;
        }
        if (existing) {
          if (existing.email_confirmed_at || autoconfirm) throw authErrors.userAlreadyExists();
          // Unconfirmed and confirmation required: GoTrue mails a new link and answers as for a new sign-up.
          await sendConfirmation(client, existing, redirectTarget(query));
          return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, existing.id)));
        }
        const user = await insertUser(client, {
          email,
          password,
          emailConfirmed: autoconfirm,
          userMetadata: body.data ?? {},
        });
        if (!autoconfirm) {
          await sendConfirmation(client, user, redirectTarget(query));
          return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id)));
        }
        await recordSignIn(client, user.id);
        const signedIn = /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id));
        return startSession(client, signedIn, requestContext(req));
      });
      sendOk(res, response);
    },

    async 'POST /token'(req, res, { query }) {
      const grantType = query.get('grant_type');
      if (grantType === 'password') {
        const body = parseBody(passwordGrantBody, await readJsonBody(req));
        if (!body.email) throw authErrors.validation('missing email or phone');
        const email = (body.email ?? '').trim().toLowerCase();
        limits.signInOrSignUp(clientIp(req), email);
        const response = await transaction(async (client) => {
          const user = await findUserByEmail(client, email);
          // No stored password came from more than 72 bytes, and bcrypt would compare only the first 72.
          if (!user || !body.password || !fitsBcrypt(body.password) || !(await passwordMatches(client, user.id, body.password))) {
            throw authErrors.invalidCredentials();
          }
          if (isBanned(user)) throw authErrors.userBanned();
          if (!user.email_confirmed_at && !autoconfirm) throw authErrors.emailNotConfirmed();
          await recordSignIn(client, user.id);
          const signedIn = /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id));
          return startSession(client, signedIn, requestContext(req));
        });
        sendOk(res, response);
        return;
      }
      if (grantType === 'refresh_token') {
        limits.refresh(clientIp(req));
        const body = parseBody(refreshGrantBody, await readJsonBody(req));
        if (!body.refresh_token) throw authErrors.refreshTokenNotFound();
        const token = body.refresh_token;
        const result = await transaction((client) => refreshSession(client, token, { apiUrl }));
        if ('error' in result) throw result.error;
        sendOk(res, result.session);
        return;
      }
      if (grantType === 'id_token') {
        const body = parseBody(idTokenBody, await readJsonBody(req));
        const issuer = issuerOf(body.provider, body.issuer);
        if (!issuer) throw authErrors.validation(`Custom OIDC provider ${JSON.stringify(body.provider ?? '')} not allowed`);
        throw authErrors.providerDisabled(issuer);
      }
      throw authErrors.validation('unsupported_grant_type');
    },

    async 'GET /user'(req, res) {
      const { userId } = await userClaims(req);
      const user = await findUserById(pool, userId);
      if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
      sendOk(res, await userJson(pool, user));
    },

    async 'PUT /user'(req, res, { query }) {
      const { userId } = await userClaims(req);
      const body = parseBody(updateUserBody, await readJsonBody(req));
      const response = await transaction(async (client) => {
        const user = await client.query('select * from auth.users where id = $1 for update', [userId]).then((r) => r.rows[0]);
        if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
        /** @type {import('./userStore.mjs').UserChanges} */
        const changes = {};
        if (body.data) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.data);
        if (body.password !== undefined) {
          checkPassword(body.password);
          if (await passwordMatches(client, userId, body.password)) throw authErrors.samePassword();
          changes.password = body.password;
        }
        if (body.email !== undefined) {
          const email = normaliseEmail(body.email);
          if (email !== user.email) {
            const other = await findUserByEmail(client, email);
            if (other && other.id !== userId) throw authErrors.emailExists();
            // Like GoTrue with MAILER_AUTOCONFIRM, an address change needs no confirmation when sign-ups need none.
            if (autoconfirm) changes.email = email;
            else await sendEmailChange(client, user, email, redirectTarget(query));
          }
        }
        const updated = await updateUserRow(client, userId, changes);
        return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (updated));
      });
      sendOk(res, response);
    },

    async 'POST /logout'(req, res, { query }) {
      const { userId, sessionId } = await userClaims(req);
      const scope = query.get('scope') ?? 'global';
      if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
        throw authErrors.validation('scope must be one of global, local, others');
      }
      await endSessions(pool, { userId, sessionId, scope });
      res.writeHead(204, { 'x-supabase-api-version': API_VERSION });
      res.end();
    },

    async 'POST /recover'(req, res, { query }) {
      const body = parseBody(recoverBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      limits.mailRequest(email);
      const redirectTo = redirectTarget(query);
      await transaction(async (client) => {
        const user = await findUserByEmail(client, email);
        // GoTrue answers the same whether or not the address exists.
        if (user) await sendRecovery(client, user, 'recovery', redirectTo);
      });
      sendOk(res, {});
    },

    async 'POST /otp'(req, res, { query }) {
      const body = parseBody(otpBody, await readJsonBody(req));
      if (!body.email && body.phone) throw authErrors.phoneDisabled();
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      limits.mailRequest(email);
      const redirectTo = redirectTarget(query);
      await transaction(async (client) => {
        let user = await findUserByEmail(client, email);
        if (!user) {
          if (body.create_user === false) throw authErrors.otpSignupsDisabled();
          user = await insertUser(client, { email, password: null, emailConfirmed: false, userMetadata: body.data ?? {} });
        }
        await sendRecovery(client, user, 'magiclink', redirectTo);
      });
      sendOk(res, {});
    },

    async 'POST /resend'(req, res, { query }) {
      const body = parseBody(resendBody, await readJsonBody(req));
      if (body.type === 'sms' || body.type === 'phone_change') throw authErrors.phoneDisabled();
      if (body.type !== 'signup' && body.type !== 'email_change') {
        throw authErrors.validation('Missing one of these types: signup, email_change, sms, phone_change');
      }
      const email = normaliseEmail(body.email);
      limits.signInOrSignUp(clientIp(req), email);
      limits.mailRequest(email);
      const redirectTo = redirectTarget(query);
      await transaction(async (client) => {
        if (body.type === 'signup') {
          const user = await findUserByEmail(client, email);
          // A confirmed or unknown address gets no mail and the same answer (no account discovery).
          if (user && !user.email_confirmed_at) await sendConfirmation(client, user, redirectTo);
          return;
        }
        const { rows } = await client.query(
          `select * from auth.users where deleted_at is null and coalesce(email_change, '') <> ''
              and (lower(email) = $1 or lower(email_change) = $1) limit 1 for update`,
          [email],
        );
        if (rows[0]) await sendEmailChange(client, rows[0], String(rows[0].email_change), redirectTo);
      });
      sendOk(res, {});
    },

    async 'POST /verify'(req, res) {
      const body = parseBody(verifyBody, await readJsonBody(req));
      if (!body.type) throw authErrors.validation('Verify requires a verification type');
      if (!(body.type in COLUMNS_BY_TYPE)) {
        if (body.type === 'sms' || body.type === 'phone_change') throw authErrors.phoneDisabled();
        throw authErrors.validation(`Unsupported verification type: ${body.type}`);
      }
      const type = body.type;
      if (body.token_hash) {
        limits.verification(clientIp(req));
        const result = await signInWithToken(req, type, body.token_hash);
        sendOk(res, result ?? { msg: EMAIL_CHANGE_PENDING, code: 200 });
        return;
      }
      if (!body.token || !body.email) throw authErrors.validation('Verify requires either a token or a token hash');
      const email = normaliseEmail(body.email);
      limits.verification(clientIp(req), email);
      // A six-digit code is guessable: an address gets MAX_WRONG_CODES tries per mailed code, then
      // every code and link it holds is void.
      if (!codeAttempts.begin(email)) throw authErrors.otpExpired();
      let result;
      try {
        result = await signInWithToken(req, type, tokenHash(email, body.token.trim()));
      } catch (error) {
        if (error instanceof AuthError && error.code === 'otp_expired' && codeAttempts.exhausted(email)) await voidTokensOf(pool, email);
        throw error;
      }
      codeAttempts.succeeded(email);
      if (!result) {
        sendOk(res, { msg: EMAIL_CHANGE_PENDING, code: 200 });
        return;
      }
      sendOk(res, result);
    },

    async 'GET /verify'(req, res, { query }) {
      const redirectTo = redirectTarget(query);
      const type = query.get('type') ?? '';
      const token = query.get('token') ?? '';
      limits.verification(clientIp(req));
      /** @type {URLSearchParams} */
      let fragment;
      try {
        if (!(type in COLUMNS_BY_TYPE)) throw authErrors.validation(`Unsupported verification type: ${type}`);
        if (!token) throw authErrors.otpExpired();
        const session = await signInWithToken(req, type, token);
        fragment = session
          ? new URLSearchParams({
              access_token: session.access_token,
              expires_at: String(session.expires_at),
              expires_in: String(session.expires_in),
              refresh_token: session.refresh_token,
              token_type: 'bearer',
              type,
            })
          : new URLSearchParams({ message: EMAIL_CHANGE_PENDING });
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        // GoTrue sends the browser back to the app with the error in the fragment.
        fragment =
          error.code === 'otp_expired'
            ? new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' })
            : new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message });
      }
      res.writeHead(303, { location: `${redirectTo}#${fragment.toString()}`, 'x-supabase-api-version': API_VERSION });
      res.end();
    },

    async 'POST /invite'(req, res, { query }) {
      requireAdmin(req);
      const body = parseBody(inviteBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      const redirectTo = redirectTarget(query);
      const response = await transaction(async (client) => {
        const user = await invitedUser(client, email, body.data);
        await sendInvite(client, user, redirectTo);
        return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id)));
      });
      sendOk(res, response);
    },

    // GoTrue's admin link generator: the link and code a mail would carry, returned instead of mailed.
    async 'POST /admin/generate_link'(req, res, { query }) {
      requireAdmin(req);
      const body = parseBody(generateLinkBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      const redirectTo = body.redirect_to ? allowedRedirect(body.redirect_to, siteUrl) : redirectTarget(query);
      const type = body.type ?? '';
      const response = await transaction(async (client) => {
        let user = await findUserByEmail(client, email);
        /** @type {import('./oneTimeTokens.mjs').TokenColumn} */
        let column = 'confirmation';
        let verificationType = type;
        let address = email;
        if (type === 'signup') {
          if (!body.password) throw authErrors.passwordRequired();
          checkPassword(body.password);
          if (user?.email_confirmed_at) throw authErrors.emailExists();
          user ??= await insertUser(client, { email, password: body.password, emailConfirmed: false, userMetadata: body.data ?? {} });
        } else if (type === 'invite') {
          user = await invitedUser(client, email, body.data);
        } else if (type === 'magiclink' || type === 'recovery') {
          if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
          column = 'recovery';
        } else if (type === 'email_change_current' || type === 'email_change_new') {
          if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
          const newEmail = normaliseEmail(body.new_email);
          const other = await findUserByEmail(client, newEmail);
          if (other && other.id !== user.id) throw authErrors.emailExists();
          await client.query(
            'update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_sent_at = now() where id = $1',
            [user.id, newEmail],
          );
          column = type;
          address = type === 'email_change_new' ? newEmail : email;
          verificationType = 'email_change';
        } else {
          throw authErrors.validation(`Invalid email action link type requested: ${type}`);
        }
        const { otp, hash } = await issueToken(client, user.id, column, address);
        const fresh = /** @type {import('./userStore.mjs').UserRow} */ (await findUserById(client, user.id));
        return {
          ...(await userJson(client, fresh)),
          action_link: verifyLink(hash, verificationType, redirectTo),
          email_otp: otp,
          hashed_token: hash,
          verification_type: verificationType,
          redirect_to: redirectTo,
        };
      });
      sendOk(res, response);
    },

    // MFA is off, as in a project with [auth.mfa] disabled: enrolling answers GoTrue's error, and no
    // factor exists to challenge, verify or remove.
    async 'POST /factors'(req) {
      await userClaims(req);
      const body = /** @type {{ factor_type?: unknown }} */ (await readJsonBody(req));
      throw body.factor_type === 'phone' ? authErrors.mfaPhoneEnrollDisabled() : authErrors.mfaTotpEnrollDisabled();
    },

    async 'POST /factors/:id/challenge'(req) {
      await userClaims(req);
      throw authErrors.mfaFactorNotFound();
    },

    async 'POST /factors/:id/verify'(req) {
      await userClaims(req);
      throw authErrors.mfaFactorNotFound();
    },

    async 'DELETE /factors/:id'(req) {
      await userClaims(req);
      throw authErrors.mfaFactorNotFound();
    },

    async 'POST /sso'() {
      throw authErrors.samlDisabled();
    },

    async 'GET /authorize'() {
      throw authErrors.oauthProviderDisabled();
    },

    async 'GET /user/identities/authorize'(req) {
      await userClaims(req);
      throw authErrors.manualLinkingDisabled();
    },

    async 'DELETE /user/identities/:id'(req) {
      await userClaims(req);
      throw authErrors.manualLinkingDisabled();
    },

    async 'GET /settings'(_req, res) {
      sendOk(res, {
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: false,
        mailer_autoconfirm: autoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    },

    async 'GET /health'(_req, res) {
      sendOk(res, { version: 'steward-local', name: 'GoTrue', description: 'GoTrue-compatible auth of the local stack' });
    },

    async 'POST /admin/users'(req, res) {
      requireAdmin(req);
      const body = parseBody(adminUserBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      if (body.password !== undefined) checkPassword(body.password);
      const banMs = body.ban_duration !== undefined ? parseBanDuration(body.ban_duration) : null;
      const response = await transaction(async (client) => {
        if (await findUserByEmail(client, email)) throw authErrors.emailExists();
        const user = await insertUser(client, {
          id: body.id,
          email,
          password: body.password ?? null,
          emailConfirmed: body.email_confirm ?? false,
          userMetadata: body.user_metadata ?? {},
          appMetadata: body.app_metadata ?? {},
          role: body.role,
          bannedUntil: banMs === null ? null : new Date(Date.now() + banMs),
          identityInMetadata: false,
        });
        return userJson(client, user);
      });
      sendOk(res, response);
    },

    async 'GET /admin/users'(req, res, { query }) {
      requireAdmin(req);
      const page = Math.max(1, paginationParameter(query, 'page', 1));
      const perPage = Math.min(1000, Math.max(1, paginationParameter(query, 'per_page', 50)));
      const { rows: totals } = await pool.query('select count(*)::int as total from auth.users where deleted_at is null');
      const total = totals[0]?.total ?? 0;
      const { rows } = await pool.query(
        'select * from auth.users where deleted_at is null order by created_at desc nulls last, id limit $1 offset $2',
        [perPage, (page - 1) * perPage],
      );
      const users = [];
      for (const row of rows) users.push(await userJson(pool, row));
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const links = [];
      if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
      sendOk(res, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') });
    },

    async 'GET /admin/users/:id'(req, res, { params }) {
      requireAdmin(req);
      const user = await findUserById(pool, userIdFrom(params.id));
      if (!user) throw authErrors.userNotFound();
      sendOk(res, await userJson(pool, user));
    },

    async 'PUT /admin/users/:id'(req, res, { params }) {
      requireAdmin(req);
      const id = userIdFrom(params.id);
      const body = parseBody(adminUserBody, await readJsonBody(req));
      const response = await transaction(async (client) => {
        const user = await client.query('select * from auth.users where id = $1 for update', [id]).then((r) => r.rows[0]);
        if (!user) throw authErrors.userNotFound();
        /** @type {import('./userStore.mjs').UserChanges} */
        const changes = {};
        if (body.email !== undefined) {
          const email = normaliseEmail(body.email);
          const other = await findUserByEmail(client, email);
          if (other && other.id !== id) throw authErrors.emailExists();
          changes.email = email;
        }
        if (body.password !== undefined) {
          checkPassword(body.password);
          changes.password = body.password;
        }
        if (body.email_confirm !== undefined) changes.emailConfirmed = body.email_confirm;
        if (body.user_metadata) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
        if (body.app_metadata) changes.appMetadata = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
        if (body.role !== undefined) changes.role = body.role;
        if (body.ban_duration !== undefined) {
          const banMs = parseBanDuration(body.ban_duration);
          changes.bannedUntil = banMs === null ? null : new Date(Date.now() + banMs);
          if (banMs !== null) await client.query('delete from auth.sessions where user_id = $1', [id]);
        }
        const updated = await updateUserRow(client, id, changes);
        return userJson(client, /** @type {import('./userStore.mjs').UserRow} */ (updated));
      });
      sendOk(res, response);
    },

    async 'DELETE /admin/users/:id'(req, res, { params }) {
      requireAdmin(req);
      const id = userIdFrom(params.id);
      const body = parseBody(adminDeleteBody, await readJsonBody(req));
      await transaction(async (client) => {
        const user = await findUserById(client, id);
        if (!user) throw authErrors.userNotFound();
        if (body.should_soft_delete) {
          await client.query('delete from auth.sessions where user_id = $1', [id]);
          await client.query(
            `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = null,
                    updated_at = now() where id = $1`,
            [id],
          );
          await client.query('delete from auth.identities where user_id = $1', [id]);
        } else {
          await client.query('delete from auth.users where id = $1', [id]);
        }
      });
      sendOk(res, {});
    },
  };

  const router = createRouter(
    Object.entries(routes).map(([key, handler]) => {
      const [method = 'GET', pattern = '/'] = key.split(' ');
      return [method, pattern, (req, res, match) => handler(req, res, match)];
    }),
  );

  return {
    close: () => mailer.close(),
    handle: serveRoutes({
      name: 'auth',
      router,
      notFound: authErrors.notFound,
      toAnswer: toAuthError,
      fault: (error) => new AuthError(500, 'unexpected_failure', `Database error: ${/** @type {Error} */ (error)?.message}`),
      send: sendAuthError,
      log,
    }),
  };
}

/** @param {unknown} error @returns {AuthError | null} */
function toAuthError(error) {
  if (error instanceof AuthError) return error;
  const failure = classifyFailure(error);
  if (failure?.kind === 'body') {
    return failure.status === 400 ? authErrors.badJson() : new AuthError(failure.status, 'request_too_large', failure.message);
  }
  if (failure?.kind === 'duplicate') return authErrors.emailExists();
  // The outage it is: 503 with a message that says so, where GoTrue's generic fault would be a 500
  // "Database error: …" (auth-js retries either; a person or a log reading it learns more from this).
  if (failure?.kind === 'unavailable') return new AuthError(503, 'unexpected_failure', failure.message);
  return null;
}

/**
 * A login that only names its address: created by a magic-link request, no password, never confirmed,
 * never invited, never signed in (the database's app.release_unclaimed_login releases the same for Apply for Access).
 * @param {import('./userStore.mjs').UserRow} user
 */
function isUnclaimed(user) {
  return !user.email_confirmed_at && !user.last_sign_in_at && !user.encrypted_password && !user.invited_at;
}

/** GoTrue's answer to the first link of a secure e-mail change. */
const EMAIL_CHANGE_PENDING = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * GoTrue parses page and per_page as unsigned integers; anything else is refused, not defaulted.
 * @param {URLSearchParams} query @param {string} name @param {number} fallback
 */
function paginationParameter(query, name, fallback) {
  const value = query.get(name) ?? '';
  if (value === '') return fallback;
  if (!/^\d+$/.test(value)) throw authErrors.badPagination(value);
  return Number(value);
}

/** @param {string | undefined} segment the `:id` of the path, still percent-encoded */
function userIdFrom(segment) {
  const id = decodeURIComponent(segment ?? '');
  if (!UUID.test(id)) throw authErrors.validation('user id must be a UUID');
  return id;
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendOk(res, body, headers = {}) {
  sendJson(res, 200, body, { ...headers, 'x-supabase-api-version': API_VERSION });
}
