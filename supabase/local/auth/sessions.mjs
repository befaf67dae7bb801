// @ts-check
// Sessions, rotating refresh tokens and access tokens, stored in auth.sessions/auth.refresh_tokens
// the way GoTrue stores them.
import { randomBytes, randomUUID } from 'node:crypto';
import { signJwt } from '../jwt.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { authErrors } from './authErrors.mjs';
import { isBanned, userJson } from './userStore.mjs';

/** Access-token lifetime; supabase-js refreshes shortly before it ends. */
export const ACCESS_TOKEN_SECONDS = 3600;
/** Two tabs refreshing at once both present the same token; the loser gets the winner's result. */
const REUSE_INTERVAL_SECONDS = 10;

/** @param {string} apiUrl */
function issuer(apiUrl) {
  return `${apiUrl}/auth/v1`;
}

/**
 * @param {import('pg').PoolClient} client inside a transaction
 * @param {import('./userStore.mjs').UserRow} user
 * @param {{ apiUrl: string, userAgent?: string, ip?: string, method?: string }} context method: GoTrue's amr
 *   method ('password', or 'otp' for a session from an e-mail link)
 */
export async function startSession(client, user, context) {
  const sessionId = randomUUID();
  await client.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', now(), $3, $4)`,
    [sessionId, user.id, context.userAgent ?? null, context.ip ?? null],
  );
  const refreshToken = await insertRefreshToken(client, user.id, sessionId, null);
  return tokenResponse(client, user, { sessionId, refreshToken, signedInAt: new Date(), apiUrl: context.apiUrl, method: context.method });
}

/**
 * Rotates a refresh token. Within the reuse interval a just-rotated token yields the session's current
 * token (tabs racing); later reuse is treated as theft and ends the session, as GoTrue does. The theft
 * case resolves with the error instead of throwing it, so the caller commits the session's end.
 * @param {import('pg').PoolClient} client inside a transaction
 * @param {string} token
 * @param {{ apiUrl: string }} context
 * @returns {Promise<{ error: import('./authErrors.mjs').AuthError } | { session: Awaited<ReturnType<typeof tokenResponse>> }>}
 */
export async function refreshSession(client, token, context) {
  const { rows } = await client.query(
    `select rt.*, s.created_at as session_created_at,
            rt.updated_at > now() - make_interval(secs => $2) as within_reuse_interval
       from auth.refresh_tokens rt
       join auth.sessions s on s.id = rt.session_id
      where rt.token = $1
      for update of rt`,
    [token, REUSE_INTERVAL_SECONDS],
  );
  const current = rows[0];
  if (!current) throw authErrors.refreshTokenNotFound();
  const { rows: users } = await client.query('select * from auth.users where id = $1::uuid', [current.user_id]);
  const user = users[0];
  if (!user || user.deleted_at) throw authErrors.refreshTokenNotFound();
  if (isBanned(user)) throw authErrors.userBanned();

  let refreshToken;
  if (current.revoked) {
    const { rows: active } = await client.query(
      `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
      [current.session_id],
    );
    if (!current.within_reuse_interval || !active[0]) {
      await client.query('delete from auth.sessions where id = $1', [current.session_id]);
      return { error: authErrors.refreshTokenAlreadyUsed() };
    }
    refreshToken = active[0].token;
  } else {
    await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [current.id]);
    refreshToken = await insertRefreshToken(client, user.id, current.session_id, current.token);
  }
  await client.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [current.session_id]);
  const session = await tokenResponse(client, user, {
    sessionId: current.session_id,
    refreshToken,
    signedInAt: current.session_created_at,
    apiUrl: context.apiUrl,
  });
  return { session };
}

/**
 * @param {import('pg').Pool} db
 * @param {{ userId: string, sessionId: string | null, scope: 'global' | 'local' | 'others' }} request
 */
export async function endSessions(db, { userId, sessionId, scope }) {
  if (scope === 'global' || !sessionId) {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  }
}

/** @param {import('pg').Pool} db @param {string} sessionId */
export async function sessionExists(db, sessionId) {
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (rowCount ?? 0) > 0;
}

/**
 * @param {import('pg').PoolClient} client
 * @param {string} userId
 * @param {string} sessionId
 * @param {string | null} parent
 */
async function insertRefreshToken(client, userId, sessionId, parent) {
  const token = randomBytes(16).toString('base64url');
  await client.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/**
 * @param {import('pg').PoolClient} client
 * @param {import('./userStore.mjs').UserRow} user
 * @param {{ sessionId: string, refreshToken: string, signedInAt: Date, apiUrl: string, method?: string }} session
 */
async function tokenResponse(client, user, session) {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ACCESS_TOKEN_SECONDS;
  const accessToken = signJwt(
    {
      aud: user.aud || 'authenticated',
      exp: expiresAt,
      iat: now,
      iss: issuer(session.apiUrl),
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal: 'aal1',
      amr: [{ method: session.method ?? 'password', timestamp: Math.floor(session.signedInAt.getTime() / 1000) }],
      session_id: session.sessionId,
      is_anonymous: user.is_anonymous ?? false,
    },
    JWT_SECRET,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: session.refreshToken,
    user: await userJson(client, user),
  };
}
