// @ts-check
// The one URL the app knows: /rest/v1 → PostgREST, /auth/v1 → auth, /storage/v1 → storage, with one
// CORS policy and Supabase's apikey check in front of them (what Kong does in a hosted project).
import http from 'node:http';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.mjs';
import { sendJson } from './http.mjs';

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

const PREFLIGHT_HEADERS = Object.freeze({
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': ALLOWED_HEADERS,
  // Chromium caps this at two hours; it saves a preflight per request for that long.
  'access-control-max-age': '7200',
  'content-length': '0',
});

// Request headers that describe the client↔gateway hop, not the request itself.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

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
 * @property {() => Record<string, string>} health service → state
 * @property {import('./log.mjs').Logger} log
 */

/** @param {GatewayOptions} options */
export async function startGateway({ config, postgrest, auth, storage, isPublicStoragePath = () => false, health, log }) {
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
   * @param {boolean} isRetry
   */
  function proxyToPostgrest(req, res, upstreamPath, isRetry = false) {
    if (postgrest.state() !== 'up') {
      restUnavailable(res);
      return;
    }
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    delete headers.apikey;
    const upstream = http.request(
      { agent, host: config.host, port: config.restPort, method: req.method, path: upstreamPath, headers },
      (upstreamRes) => {
        const responseHeaders = { ...upstreamRes.headers, ...CORS_HEADERS };
        delete responseHeaders.connection;
        delete responseHeaders['keep-alive'];
        res.writeHead(upstreamRes.statusCode ?? 502, responseHeaders);
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      // An idle keep-alive socket closed by PostgREST just as it was reused: safe to replay a bodiless request.
      if (!isRetry && upstream.reusedSocket && code === 'ECONNRESET' && !hasBody(req) && !res.headersSent) {
        proxyToPostgrest(req, res, upstreamPath, true);
        return;
      }
      if (!res.headersSent) restUnavailable(res);
      else res.destroy();
    });
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (hasBody(req)) req.pipe(upstream);
    else upstream.end();
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
      sendJson(res, ok ? 200 : 503, { status: ok ? 'ok' : 'degraded', services }, CORS_HEADERS);
      return;
    }

    const service = serviceOf(pathname);
    if (!service) {
      sendJson(res, 404, { message: 'no Route matched with those values' }, CORS_HEADERS);
      return;
    }
    const rest = pathname.slice(service.length) || '/';
    const query = new URLSearchParams(search);
    const apikey = headerValue(req, 'apikey') ?? query.get('apikey');
    const exempt = service === '/storage/v1' && isPublicStoragePath(rest);
    if (exempt) {
      if (apikey && knownKeys.has(apikey) && !req.headers.authorization) req.headers.authorization = `Bearer ${apikey}`;
    } else {
      if (!apikey) {
        sendJson(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, CORS_HEADERS);
        return;
      }
      if (!knownKeys.has(apikey)) {
        sendJson(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, CORS_HEADERS);
        return;
      }
      // Like Supabase's gateway: a request with only an apikey acts as that key's role.
      if (!req.headers.authorization) req.headers.authorization = `Bearer ${apikey}`;
    }

    if (service === '/rest/v1') {
      let upstreamSearch = search;
      if (search.includes('apikey=')) {
        query.delete('apikey');
        const remaining = query.toString();
        upstreamSearch = remaining ? `?${remaining}` : '';
      }
      proxyToPostgrest(req, res, `${rest}${upstreamSearch}`);
      return;
    }
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    const handler = service === '/auth/v1' ? auth : storage;
    await handler(req, res, { path: rest, query, search });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log.error(`gateway: ${req.method} ${req.url} failed: ${error?.stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal gateway error', code: 'GATEWAY_ERROR' }, CORS_HEADERS);
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
    CORS_HEADERS,
  );
}

/** @param {string} pathname */
function serviceOf(pathname) {
  for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1']) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return prefix;
  }
  return null;
}

/** @param {http.IncomingMessage} req @param {string} name */
function headerValue(req, name) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** @param {http.IncomingMessage} req */
function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
}
