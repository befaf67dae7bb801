// @ts-check
// The one router the auth and storage services share. A route is `[methods, pattern, handler]`, the
// pattern written like the hosted services' own (`/object/upload/sign/:bucket/*`). When several
// routes match, the most specific wins — a fixed segment beats a `:parameter`, which beats the `*`
// rest — as in Supabase Storage's router, so a route family's fixed segments (`upload/sign`,
// `list-v2`, `public`) can never be read as a bucket name, whatever buckets exist.
import { JwtError, verifyJwt } from './jwt.mjs';
import { BodyError, bearerToken } from './http.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 * @typedef {{ params: Record<string, string>, rest: string, query: URLSearchParams, path: string }} RouteMatch
 * @typedef {(req: Req, res: Res, match: RouteMatch) => Promise<void>} RouteHandler
 * @typedef {[methods: string, pattern: string, handler: RouteHandler]} Route
 */

/**
 * @typedef {object} CompiledRoute
 * @property {Set<string>} methods
 * @property {string[]} segments
 * @property {RouteHandler} handler
 */

/** @param {Route[]} routes */
export function createRouter(routes) {
  /** @type {CompiledRoute[]} */
  const compiled = routes.map(([methods, pattern, handler]) => ({
    methods: new Set(methods.split('|')),
    segments: pattern.replace(/^\/+|\/+$/g, '').split('/').filter(Boolean),
    handler,
  }));

  /**
   * @param {string} method
   * @param {string} path the service-relative path, still percent-encoded
   * @returns {{ handler: RouteHandler, params: Record<string, string>, rest: string } | null}
   */
  function find(method, path) {
    const given = path.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
    if (given.length === 1 && given[0] === '') given.length = 0;
    /** @type {{ handler: RouteHandler, params: Record<string, string>, rest: string, rank: number[] } | null} */
    let best = null;
    for (const route of compiled) {
      if (!route.methods.has(method)) continue;
      const matched = matchSegments(route.segments, given);
      if (!matched) continue;
      if (!best || outranks(matched.rank, best.rank)) best = { handler: route.handler, ...matched };
    }
    return best && { handler: best.handler, params: best.params, rest: best.rest };
  }

  return { find };
}

/**
 * @param {string[]} pattern
 * @param {string[]} given
 * @returns {{ params: Record<string, string>, rest: string, rank: number[] } | null}
 */
function matchSegments(pattern, given) {
  /** @type {Record<string, string>} */
  const params = {};
  /** @type {number[]} */
  const rank = [];
  for (let index = 0; index < pattern.length; index += 1) {
    const part = /** @type {string} */ (pattern[index]);
    if (part === '*') {
      const rest = given.slice(index);
      if (rest.length === 0 || rest.every((segment) => segment === '')) return null;
      rank.push(0);
      return { params, rest: rest.join('/'), rank };
    }
    const segment = given[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) {
      if (segment === '') return null;
      params[part.slice(1)] = segment;
      rank.push(1);
    } else if (part === segment) {
      rank.push(2);
    } else {
      return null;
    }
  }
  return given.length === pattern.length ? { params, rest: '', rank } : null;
}

/** Compares segment by segment: the first segment where one route is more specific decides. */
function outranks(/** @type {number[]} */ left, /** @type {number[]} */ right) {
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const a = left[index] ?? -1;
    const b = right[index] ?? -1;
    if (a !== b) return a > b;
  }
  return false;
}

/** Node's errors for a connection that could not be made or broke off. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN']);
/** node-postgres's own words when the server went away under a query or a pooled connection. */
const CONNECTION_LOST = /^Connection terminated|^timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * True when the database could not be reached or went away (killed, restarting, shutting down): the
 * connection errors of Node and node-postgres, SQLSTATE class 08 (connection exception) and 57P01–57P03
 * (the server shutting down, crashed, or not accepting connections yet).
 * @param {unknown} error
 */
export function isDatabaseUnavailable(error) {
  const { code, message } = /** @type {{ code?: unknown, message?: unknown }} */ (error ?? {});
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  return typeof message === 'string' && CONNECTION_LOST.test(message);
}

/**
 * What went wrong below a service, in the terms both services answer in their own words: a request
 * body that could not be read, a PostgreSQL error a caller caused, or the database being out of reach
 * (503: a client may retry). Anything else is a fault (500).
 * @param {unknown} error
 * @returns {{ status: number, kind: 'body' | 'duplicate' | 'forbidden' | 'missing_reference' | 'invalid_input' | 'unavailable', message: string } | null}
 */
export function classifyFailure(error) {
  if (error instanceof BodyError) return { status: error.status, kind: 'body', message: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, kind: 'unavailable', message: 'The database is not reachable; it is being restarted. Retry in a moment.' };
  const pgError = /** @type {{ code?: unknown, message?: unknown }} */ (error);
  const message = typeof pgError?.message === 'string' ? pgError.message : 'invalid input';
  switch (pgError?.code) {
    case '23505':
      return { status: 409, kind: 'duplicate', message };
    case '42501':
      return { status: 403, kind: 'forbidden', message };
    case '23503':
      return { status: 404, kind: 'missing_reference', message };
    case '22P02':
    case '23514':
      return { status: 400, kind: 'invalid_input', message };
    default:
      return null;
  }
}

/**
 * The caller's verified claims from `Authorization: Bearer …`, with each service's own errors.
 * @param {Req} req
 * @param {string} secret
 * @param {{ missing: () => Error, invalid: (reason: 'malformed' | 'bad_signature' | 'expired', message: string) => Error }} errors
 */
export function bearerClaims(req, secret, errors) {
  const token = bearerToken(req);
  if (!token) throw errors.missing();
  return verifiedClaims(token, secret, errors.invalid);
}

/**
 * @param {string} token
 * @param {string} secret
 * @param {(reason: 'malformed' | 'bad_signature' | 'expired', message: string) => Error} invalid
 * @param {{ leewaySeconds?: number }} [options]
 */
export function verifiedClaims(token, secret, invalid, options) {
  try {
    return verifyJwt(token, secret, options);
  } catch (error) {
    if (error instanceof JwtError) throw invalid(error.reason, error.message);
    throw error;
  }
}

/**
 * A service's request handler over its routes: the route's handler runs; a failure becomes the
 * service's error answer (`toAnswer` returns null for a fault, which is logged and answered 500).
 * @template {Error} E
 * @param {object} options
 * @param {string} options.name service name for the log
 * @param {ReturnType<typeof createRouter>} options.router
 * @param {() => E} options.notFound
 * @param {(error: unknown) => E | null} options.toAnswer
 * @param {(error: unknown) => E} options.fault
 * @param {(res: Res, error: E) => void} options.send
 * @param {import('./log.mjs').Logger} options.log
 * @returns {import('./gateway.mjs').ServiceHandler}
 */
export function serveRoutes({ name, router, notFound, toAnswer, fault, send, log }) {
  return async (req, res, context) => {
    try {
      const found = router.find(req.method ?? 'GET', context.path);
      if (!found) throw notFound();
      await found.handler(req, res, { params: found.params, rest: found.rest, query: context.query, path: context.path });
    } catch (error) {
      let answer = toAnswer(error);
      if (!answer) {
        log.error(`${name}: ${req.method} ${context.path} failed: ${/** @type {Error} */ (error)?.stack ?? error}`);
        answer = fault(error);
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // The client may still be sending; read the rest so it receives this answer, not a reset.
      if (!req.readableEnded) req.resume();
      send(res, answer);
    }
  };
}
