// @ts-check
// Sign-up, signing in (the password and refresh-token grants; an id_token grant names a provider that
// is off) and signing out.
import { API_VERSION, authErrors } from './authErrors.mjs';
import { fitsBcrypt, idTokenBody, normaliseEmail, parseBody, passwordGrantBody, refreshGrantBody, signUpBody } from './authSchemas.mjs';
import { readJsonBody } from '../http.mjs';
import { sendOk } from './authContext.mjs';
import { issuerOf } from './redirects.mjs';
import { endSessions, refreshSession, startSession } from './sessions.mjs';
import { findUserByEmail, findUserById, insertUser, isBanned, passwordMatches, recordSignIn, userJson } from './userStore.mjs';

/**
 * `/signup`, `/token`, `/logout`.
 * @param {import('./authContext.mjs').AuthContext} context
 * @returns {import('../router.mjs').Route[]}
 */
export function sessionRoutes({ pool, apiUrl, autoconfirm, limits, checkPassword, transaction, requestContext, clientIp, redirectTarget, sendConfirmation, userClaims }) {
  return [
    ['POST', '/signup', async (req, res, { query }) => {
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
    }],

    ['POST', '/token', async (req, res, { query }) => {
      const grantType = query.get('grant_type');
      if (grantType === 'password') {
        const body = parseBody(passwordGrantBody, await readJsonBody(req));
        if (!body.email) throw authErrors.validation('missing email or phone');
        const email = (body.email ?? '').trim().toLowerCase();
        limits.passwordSignIn(clientIp(req));
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
    }],

    ['POST', '/logout', async (req, res, { query }) => {
      const { userId, sessionId } = await userClaims(req);
      const scope = query.get('scope') ?? 'global';
      if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
        throw authErrors.validation('scope must be one of global, local, others');
      }
      await endSessions(pool, { userId, sessionId, scope });
      res.writeHead(204, { 'x-supabase-api-version': API_VERSION });
      res.end();
    }],
  ];
}

/**
 * A login that only names its address: created by a magic-link request, no password, never confirmed,
 * never invited, never signed in (the database's app.release_unclaimed_login releases the same for Apply for Access).
 * @param {import('./userStore.mjs').UserRow} user
 */
function isUnclaimed(user) {
  return !user.email_confirmed_at && !user.last_sign_in_at && !user.encrypted_password && !user.invited_at;
}
