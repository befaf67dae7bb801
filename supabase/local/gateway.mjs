// @ts-check
// The one URL the app knows: /rest/v1 → PostgREST, /auth/v1 → auth, /storage/v1 → storage,
// /functions/v1/<name> → the functions served in this process (payments), with one
// CORS policy and Supabase's apikey check in front of them (what Kong does in a hosted project).
import http from 'node:http';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.mjs';
import { sendJson } from './http.mjs';
import { LOST_CONNECTION_ANSWER, isLostDatabaseConnection } from './lostConnection.mjs';

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-supabase-api-version',
  'x-upsert',
  'x-metadata',
  'cache-control',
  'content-encoding',
  'if-none-match',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ');

const EXPOSED_HEADERS = [
  'content-range',
  'content-profile',
  'content-type',
  'content-length',
  'content-disposition',
  'etag',
  'location',
  'preference-applied',
  'x-supabase-api-version',
  'x-total-count',
  'link',
].join(', ');

/** Sent on every response, so browsers can read error bodies too. */
export const CORS_HEADERS = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
});

/**
 * Also on every response. The API may be served from the app's own origin (a same-origin rewrite), so
 * none of its answers may be taken for more than its type says (nosniff), and none passes its URL on
 * (a signed storage link carries its token in the query). Object bodies add their own
 * (storage/objectTransfer.mjs).
 */
export const SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
});

/** What the gateway adds to every answer: CORS and the security headers. */
const RESPONSE_HEADERS = Object.freeze({ ...CORS_HEADERS, ...SECURITY_HEADERS });

const RESPONSE_ARRAY = Object.entries(RESPONSE_HEADERS).flat();

const PREFLIGHT_HEADERS = Object.freeze({
  ...RESPONSE_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': ALLOWED_HEADERS,
  // Chromium caps this at two hours; it saves a preflight per request for that long.
  'access-control-max-age': '7200',
  'content-length': '0',
});

/**
 * The largest request body /rest/v1 accepts (hosted Supabase's API gateway also caps bodies); larger
 * ones are refused with 413 before PostgREST or Postgres spend memory on them.
 */
export const REST_BODY_LIMIT = 8 * 1024 * 1024;

// Request headers that describe the client↔gateway hop, not the request itself.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];
/**
 * Client addresses a client could claim for itself: the gateway is the edge, so it says who connected
 * (x-forwarded-for) and passes on none of these from the client. The database's request limits key on them.
 */
const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'cf-connecting-ip', 'x-real-ip', 'forwarded'];

/**
 * @typedef {object} ApiRequestContext
 * @property {string} path the path after the service prefix, starting with '/'
 * @property {URLSearchParams} query
 * @property {string} search the raw query string, '' or starting with '?'
 */

/** @typedef {(req: http.IncomingMessage, res: http.ServerResponse, context: ApiRequestContext) => Promise<void>} ServiceHandler */

/**
 * @typedef {object} GatewayOptions
 * @property {import('./config.mjs').StackConfig} config
 * @property {import('./supervisor.mjs').SupervisedService} postgrest
 * @property {ServiceHandler} auth
 * @property {ServiceHandler} storage
 * @property {(path: string) => boolean} [isPublicStoragePath] storage paths reachable without apikey
 * @property {(path: string) => boolean} [isPublicAuthPath] auth paths a browser opens from an e-mail link (no apikey)
 * @property {Record<string, (request: Request) => Promise<Response>>} [functions] the Edge Functions served locally, by name (web Request → Response, as Deno.serve takes them); reached without an apikey, as functions deployed with --no-verify-jwt are
 * @property {() => Record<string, string>} health service → state
 * @property {import('./log.mjs').Logger} log
 */

/** @param {GatewayOptions} options */
export async function startGateway({ config, postgrest, auth, storage, isPublicStoragePath = () => false, isPublicAuthPath = () => false, functions = {}, health, log }) {
  const knownKeys = new Set([ANON_KEY, SERVICE_ROLE_KEY]);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: 128,
    maxFreeSockets: 128,
    scheduling: 'lifo',
    // Close idle upstream sockets before PostgREST's own idle timeout can race a reuse.
    timeout: 20_000,
  });

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} upstreamPath
   * @param {string | null} defaultAuthorization sent when the client sent no Authorization header
   * @param {boolean} isRetry
   */
  function proxyToPostgrest(req, res, upstreamPath, defaultAuthorization, isRetry = false) {
    if (postgrest.state() !== 'up') {
      restUnavailable(res);
      return;
    }
    // Raw header arrays in and out, read in one pass: this is the hot path, and Node builds
    // `req.headers` (an object of every header) only when something asks for it.
    const { headers, contentLength, chunked } = forwardedHeaders(req.rawHeaders);
    headers.push('x-forwarded-for', req.socket.remoteAddress ?? '');
    if (contentLength !== null && Number(contentLength) > REST_BODY_LIMIT) {
      bodyTooLarge(req, res);
      return;
    }
    if (defaultAuthorization) headers.push('authorization', defaultAuthorization);
    const withBody = chunked || (contentLength !== null && contentLength !== '0');
    const upstream = http.request(
      { agent, host: config.host, port: config.restPort, method: req.method, path: upstreamPath, headers },
      (upstreamRes) => {
        // PostgREST answers chunked; collecting the (small) body lets head and body leave in one write
        // with a Content-Length, instead of re-chunking each piece: fewer syscalls per request.
        /** @type {Buffer[]} */
        const chunks = [];
        let size = 0;
        upstreamRes.on('data', (/** @type {Buffer} */ chunk) => {
          chunks.push(chunk);
          size += chunk.length;
        });
        upstreamRes.on('end', () => {
          sendUpstreamAnswer(req, res, upstreamRes.statusCode ?? 502, upstreamRes.rawHeaders, chunks.length === 1 ? /** @type {Buffer} */ (chunks[0]) : Buffer.concat(chunks, size));
        });
        upstreamRes.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      // An idle keep-alive socket closed by PostgREST just as it was reused, before any answer: a read
      // is safe to send again. A request with a body, or a bodiless POST or DELETE, may have been acted
      // on, and is not.
      const read = req.method === 'GET' || req.method === 'HEAD';
      if (read && !withBody && !isRetry && upstream.reusedSocket && !res.headersSent) return proxyToPostgrest(req, res, upstreamPath, defaultAuthorization, true);
      log.error(`gateway: ${req.method} ${upstreamPath} lost its PostgREST connection (${error.code ?? error.message}${upstream.reusedSocket ? ', reused socket' : ''})`);
      if (!res.headersSent) restUnavailable(res);
      else res.destroy();
    });
    if (!withBody) {
      upstream.end();
      return;
    }
    if (!chunked) {
      req.pipe(upstream);
      return;
    }
    // A chunked body declares no length: count it on the way through.
    let received = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (received > REST_BODY_LIMIT) {
        req.unpipe(upstream);
        upstream.destroy();
        if (!res.headersSent) bodyTooLarge(req, res);
      }
    });
    req.pipe(upstream);
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const url = req.url ?? '/';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, PREFLIGHT_HEADERS);
      res.end();
      return;
    }
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : url.slice(queryStart);

    if (pathname === '/health') {
      const services = health();
      const ok = Object.values(services).every((state) => state === 'up');
      sendJson(res, ok ? 200 : 503, { status: ok ? 'ok' : 'degraded', services }, RESPONSE_HEADERS);
      return;
    }

    const service = serviceOf(pathname);
    if (!service) {
      sendJson(res, 404, { message: 'no Route matched with those values' }, RESPONSE_HEADERS);
      return;
    }
    const rest = pathname.slice(service.length) || '/';
    if (service === '/functions/v1') {
      const name = rest.split('/')[1] ?? '';
      const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
      if (!fn) {
        sendJson(res, 404, { message: 'Function not found' }, RESPONSE_HEADERS);
        return;
      }
      await serveFunction(req, res, fn);
      return;
    }
    const sent = keyHeaders(req.rawHeaders);
    const apikey = sent.apikey ?? (search.includes('apikey=') ? new URLSearchParams(search).get('apikey') : null);
    const exempt = (service === '/storage/v1' && isPublicStoragePath(rest)) || (service === '/auth/v1' && isPublicAuthPath(rest));
    if (!exempt) {
      if (!apikey) {
        sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, RESPONSE_HEADERS);
        return;
      }
      if (!knownKeys.has(apikey)) {
        sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, RESPONSE_HEADERS);
        return;
      }
    }
    // Like Supabase's gateway: a request with only an apikey acts as that key's role.
    const defaultAuthorization = apikey && knownKeys.has(apikey) && !sent.authorization ? `Bearer ${apikey}` : null;

    if (service === '/rest/v1') {
      let upstreamSearch = search;
      if (search.includes('apikey=')) {
        const query = new URLSearchParams(search);
        query.delete('apikey');
        const remaining = query.toString();
        upstreamSearch = remaining ? `?${remaining}` : '';
      }
      proxyToPostgrest(req, res, `${rest}${upstreamSearch}`, defaultAuthorization);
      return;
    }
    if (defaultAuthorization) req.headers.authorization = defaultAuthorization;
    for (const [name, value] of Object.entries(RESPONSE_HEADERS)) res.setHeader(name, value);
    const handler = service === '/auth/v1' ? auth : storage;
    await handler(req, res, { path: rest, query: new URLSearchParams(search), search });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log.error(`gateway: ${req.method} ${req.url} failed: ${error?.stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal gateway error', code: 'GATEWAY_ERROR' }, RESPONSE_HEADERS);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.gatewayPort, config.host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });

  return {
    server,
    async close() {
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}

/**
 * PostgREST's answer, whole, with the gateway's CORS and security headers and framing: head and body leave in one
 * write with a Content-Length instead of being re-chunked piece by piece. A query that lost its
 * database connection is answered 503 (see lostConnection.mjs).
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {number} status @param {string[]} rawHeaders @param {Buffer} body
 */
function sendUpstreamAnswer(req, res, status, rawHeaders, body) {
  if (isLostDatabaseConnection(status, body)) {
    sendJson(res, 503, LOST_CONNECTION_ANSWER, RESPONSE_HEADERS);
    return;
  }
  const headers = responseHeaders(rawHeaders);
  // A HEAD answer describes the GET body it leaves out; 204 and 304 carry no length at all.
  if (req.method === 'HEAD') {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      if (/** @type {string} */ (rawHeaders[i]).toLowerCase() === 'content-length') headers.push('content-length', /** @type {string} */ (rawHeaders[i + 1]));
    }
  } else if (status !== 204 && status !== 304) {
    headers.push('content-length', String(body.length));
  }
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** @param {http.ServerResponse} res */
function restUnavailable(res) {
  sendJson(
    res,
    502,
    {
      message: 'The REST API (PostgREST) is not reachable; it is being restarted',
      code: 'PGRST_DOWN',
      details: null,
      hint: 'Retry in a moment; `npm run db:start` restarts the whole stack if this persists.',
    },
    RESPONSE_HEADERS,
  );
}

/**
 * 413 for a body over the limit. A declared body of modest size is read and dropped so the client, still
 * sending, gets to read the answer; anything larger (or undeclared) closes the connection after it.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 */
function bodyTooLarge(req, res) {
  const declared = Number(req.headers['content-length'] ?? Infinity);
  const drain = declared <= 8 * REST_BODY_LIMIT;
  sendJson(
    res,
    413,
    { message: `Request body larger than ${REST_BODY_LIMIT / 1024 / 1024} MiB`, code: 'PAYLOAD_TOO_LARGE', details: null, hint: 'Send the rows in smaller batches.' },
    drain ? RESPONSE_HEADERS : { ...RESPONSE_HEADERS, connection: 'close' },
  );
  req.resume();
}

/**
 * The client's request headers for PostgREST, minus those about the client↔gateway hop, the apikey
 * and any client address the client claims, and the body's framing read on the way.
 * @param {string[]} raw [name, value, name, value, …]
 * @returns {{ headers: string[], contentLength: string | null, chunked: boolean }}
 */
function forwardedHeaders(raw) {
  /** @type {string[]} */
  const headers = [];
  /** @type {string | null} */
  let contentLength = null;
  let chunked = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = /** @type {string} */ (raw[i]);
    const value = /** @type {string} */ (raw[i + 1]);
    const lower = name.toLowerCase();
    if (lower === 'content-length') contentLength ??= value;
    else if (lower === 'transfer-encoding') chunked = true;
    else if (lower === 'apikey' || HOP_BY_HOP.includes(lower) || CLIENT_ADDRESS_HEADERS.includes(lower)) continue;
    headers.push(name, value);
  }
  return { headers, contentLength, chunked };
}

/**
 * PostgREST's response headers with the gateway's CORS and security headers; framing is the gateway's own.
 * @param {string[]} raw [name, value, name, value, …]
 */
function responseHeaders(raw) {
  /** @type {string[]} */
  const headers = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = /** @type {string} */ (raw[i]).toLowerCase();
    if (lower === 'transfer-encoding' || lower === 'content-length' || lower === 'connection' || lower === 'keep-alive' || lower.startsWith('access-control-')) continue;
    headers.push(/** @type {string} */ (raw[i]), /** @type {string} */ (raw[i + 1]));
  }
  headers.push(...RESPONSE_ARRAY);
  return headers;
}

/**
 * A locally served Edge Function: the Node request as a web Request (whole body, at most the REST
 * limit), its Response back with the gateway's CORS and security headers.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {(request: Request) => Promise<Response>} fn
 */
async function serveFunction(req, res, fn) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > REST_BODY_LIMIT) {
      sendJson(res, 413, { message: 'Request body too large' }, RESPONSE_HEADERS);
      return;
    }
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = /** @type {string} */ (req.rawHeaders[i]);
    if (!HOP_BY_HOP.includes(name.toLowerCase())) headers.append(name, /** @type {string} */ (req.rawHeaders[i + 1]));
  }
  const withBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method, headers, body: withBody ? Buffer.concat(chunks) : null });
  const response = await fn(request);
  const body = Buffer.from(await response.arrayBuffer());
  /** @type {Record<string, string>} */
  const out = { ...RESPONSE_HEADERS };
  response.headers.forEach((value, name) => {
    if (!name.startsWith('access-control-')) out[name] = value;
  });
  out['content-length'] = String(body.length);
  res.writeHead(response.status, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** @param {string} pathname */
function serviceOf(pathname) {
  for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1']) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return prefix;
  }
  return null;
}

/**
 * The apikey and whether an Authorization header came, from the raw headers (first of each, as Node's
 * `req.headers` keeps them), without building the header object.
 * @param {string[]} raw [name, value, name, value, …]
 */
function keyHeaders(raw) {
  /** @type {string | undefined} */
  let apikey;
  let authorization = false;
  for (let i = 0; i < raw.length; i += 2) {
    const lower = /** @type {string} */ (raw[i]).toLowerCase();
    if (lower === 'apikey') apikey ??= raw[i + 1];
    else if (lower === 'authorization') authorization ||= raw[i + 1] !== '';
  }
  return { apikey, authorization };
}
