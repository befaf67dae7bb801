// @ts-check
// The GoTrue subset supabase-js uses: sign-up, password and refresh grants, the current user, sign-out,
// and the admin user API (service role). Users live in auth.users; tokens are HS256 JWTs that
// PostgREST and storage verify with the same secret.
import { inTransaction } from '../inTransaction.mjs';
import { JwtError, verifyJwt } from '../jwt.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { BodyError, bearerToken, readJsonBody, sendJson } from '../http.mjs';
import { API_VERSION, AuthError, authErrors, sendAuthError } from './authErrors.mjs';
import {
  adminDeleteBody,
  adminUserBody,
  checkPasswordStrength,
  normaliseEmail,
  parseBanDuration,
  parseBody,
  passwordGrantBody,
  recoverBody,
  refreshGrantBody,
  signUpBody,
  updateUserBody,
} from './authSchemas.mjs';
import { endSessions, refreshSession, sessionExists, startSession } from './sessions.mjs';
import {
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

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function createAuthService({ config, pool, log }) {
  const { apiUrl, autoconfirm } = config;

  /**
   * @template T
   * @param {(client: import('pg').PoolClient) => Promise<T>} work
   */
  function transaction(work) {
    return inTransaction(pool, work);
  }

  /** @param {import('node:http').IncomingMessage} req */
  function requestContext(req) {
    return { apiUrl, userAgent: req.headers['user-agent'], ip: req.socket.remoteAddress };
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
    try {
      return verifyJwt(token, JWT_SECRET);
    } catch (error) {
      if (error instanceof JwtError) throw authErrors.badJwt(error.message);
      throw error;
    }
  }

  /** @type {Record<string, (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, context: import('../gateway.mjs').ApiRequestContext) => Promise<void>>} */
  const routes = {
    async 'POST /signup'(req, res) {
      const body = parseBody(signUpBody, await readJsonBody(req));
      const email = normaliseEmail(body.email);
      if (!body.password) throw authErrors.passwordRequired();
      checkPasswordStrength(body.password);
      const password = body.password;
      const response = await transaction(async (client) => {
        const existing = await findUserByEmail(client, email);
        if (existing) {
          if (existing.email_confirmed_at || autoconfirm) throw authErrors.userAlreadyExists();
          // Unconfirmed and confirmation required: GoTrue answers as for a new sign-up.
          return userJson(client, existing);
        }
        const user = await insertUser(client, {
          email,
          password,
          emailConfirmed: autoconfirm,
          userMetadata: body.data ?? {},
        });
        if (!autoconfirm) return userJson(client, user);
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
        const response = await transaction(async (client) => {
          const user = await findUserByEmail(client, email);
          if (!user || !body.password || !(await passwordMatches(client, user.id, body.password))) {
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
        const body = parseBody(refreshGrantBody, await readJsonBody(req));
        if (!body.refresh_token) throw authErrors.refreshTokenNotFound();
        const token = body.refresh_token;
        const result = await transaction((client) => refreshSession(client, token, { apiUrl }));
        if ('error' in result) throw result.error;
        sendOk(res, result.session);
        return;
      }
      throw authErrors.validation('unsupported_grant_type');
    },

    async 'GET /user'(req, res) {
      const { userId } = await userClaims(req);
      const user = await findUserById(pool, userId);
      if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
      sendOk(res, await userJson(pool, user));
    },

    async 'PUT /user'(req, res) {
      const { userId } = await userClaims(req);
      const body = parseBody(updateUserBody, await readJsonBody(req));
      const response = await transaction(async (client) => {
        const user = await client.query('select * from auth.users where id = $1 for update', [userId]).then((r) => r.rows[0]);
        if (!user || user.deleted_at) throw authErrors.userFromJwtNotFound();
        /** @type {import('./userStore.mjs').UserChanges} */
        const changes = {};
        if (body.data) changes.userMetadata = mergeMetadata(user.raw_user_meta_data, body.data);
        if (body.password !== undefined) {
          checkPasswordStrength(body.password);
          if (await passwordMatches(client, userId, body.password)) throw authErrors.samePassword();
          changes.password = body.password;
        }
        if (body.email !== undefined) {
          const email = normaliseEmail(body.email);
          if (email !== user.email) {
            const other = await findUserByEmail(client, email);
            if (other && other.id !== userId) throw authErrors.emailExists();
            // Without a mailer locally, an address change needs no confirmation when sign-ups need none.
            if (autoconfirm) changes.email = email;
            else changes.emailChange = email;
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

    async 'POST /recover'(req, res) {
      const body = parseBody(recoverBody, await readJsonBody(req));
      normaliseEmail(body.email);
      // No mailer locally; GoTrue answers the same whether or not the address exists.
      sendOk(res, {});
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
      if (body.password !== undefined) checkPasswordStrength(body.password);
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
        });
        return userJson(client, user);
      });
      sendOk(res, response);
    },

    async 'GET /admin/users'(req, res, { query }) {
      requireAdmin(req);
      const page = Math.max(1, Number.parseInt(query.get('page') || '1', 10) || 1);
      const perPage = Math.min(1000, Math.max(1, Number.parseInt(query.get('per_page') || '50', 10) || 50));
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

    async 'GET /admin/users/:id'(req, res, context) {
      requireAdmin(req);
      const user = await findUserById(pool, userIdFrom(context.path));
      if (!user) throw authErrors.userNotFound();
      sendOk(res, await userJson(pool, user));
    },

    async 'PUT /admin/users/:id'(req, res, context) {
      requireAdmin(req);
      const id = userIdFrom(context.path);
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
          checkPasswordStrength(body.password);
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

    async 'DELETE /admin/users/:id'(req, res, context) {
      requireAdmin(req);
      const id = userIdFrom(context.path);
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

  return {
    /** @type {import('../gateway.mjs').ServiceHandler} */
    async handle(req, res, context) {
      try {
        const route = routes[routeKey(req.method ?? 'GET', context.path)];
        if (!route) throw authErrors.notFound();
        await route(req, res, context);
      } catch (error) {
        if (error instanceof AuthError) {
          sendAuthError(res, error);
          return;
        }
        if (error instanceof BodyError) {
          sendAuthError(res, error.status === 400 ? authErrors.badJson() : new AuthError(error.status, 'request_too_large', error.message));
          return;
        }
        const code = /** @type {{ code?: string }} */ (error).code;
        if (code === '23505') {
          sendAuthError(res, authErrors.emailExists());
          return;
        }
        log.error(`auth: ${req.method} ${context.path} failed: ${/** @type {Error} */ (error)?.stack ?? error}`);
        sendAuthError(res, new AuthError(500, 'unexpected_failure', `Database error: ${/** @type {Error} */ (error).message}`));
      }
    },
  };
}

/**
 * @param {string} method
 * @param {string} path
 */
function routeKey(method, path) {
  const clean = path.replace(/\/+$/, '') || '/';
  if (/^\/admin\/users\/[^/]+$/.test(clean)) return `${method} /admin/users/:id`;
  return `${method} ${clean}`;
}

/** @param {string} path */
function userIdFrom(path) {
  const id = decodeURIComponent(path.replace(/\/+$/, '').split('/').pop() ?? '');
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
