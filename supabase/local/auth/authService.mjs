// @ts-check
// The GoTrue subset supabase-js uses, in five route families over one context (authContext.mjs):
// sessions (sign-up, the password and refresh grants, sign-out), the signed-in user, e-mail links
// (confirmation, recovery, magic link, e-mail change: /verify, /resend, /recover, /otp), the admin
// user API (service role), and settings with the features a project has off. Users live in
// auth.users; tokens are HS256 JWTs that PostgREST and storage verify with the same secret. Mail goes
// through SMTP to the local outbox.
import { classifyFailure, createRouter, serveRoutes } from '../router.mjs';
import { adminRoutes } from './adminRoutes.mjs';
import { createAuthContext } from './authContext.mjs';
import { AuthError, authErrors, sendAuthError } from './authErrors.mjs';
import { emailLinkRoutes } from './emailLinkRoutes.mjs';
import { sessionRoutes } from './sessionRoutes.mjs';
import { settingsRoutes } from './settingsRoutes.mjs';
import { userRoutes } from './userRoutes.mjs';

/** What a browser opens from an e-mail link or an OAuth button carries no apikey (Kong's open auth routes). */
export function isPublicAuthPath(/** @type {string} */ path) {
  return path === '/verify' || path === '/authorize' || path === '/callback';
}

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function createAuthService({ config, pool, log }) {
  const context = createAuthContext({ config, pool, log });
  const router = createRouter([
    ...sessionRoutes(context),
    ...userRoutes(context),
    ...emailLinkRoutes(context),
    ...adminRoutes(context),
    ...settingsRoutes(context),
  ]);

  return {
    close: context.close,
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
