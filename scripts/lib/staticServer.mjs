// A small production-like static server for one app's dist/: Brotli (the build's .br copies) or gzip,
// ETags, content-hashed assets cached forever, everything unhashed (index.html, remoteEntry.js,
// mf-manifest.json, runtime-config.json) served no-cache, CORS for remotes, SPA fallback for the shell,
// and the security headers of securityHeaders.mjs (nosniff and Referrer-Policy on every file, a
// Content-Security-Policy on every page).
import http, { createServer } from 'node:http';
import http2 from 'node:http2';
import { readFile, readdir, stat } from 'node:fs/promises';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_PAGE_POLICY, STATIC_HEADERS, inlineScriptHashes, requestOrigin } from './securityHeaders.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);

/** The build's Brotli copy of `body`, or null when there is none or it is not of these very bytes. */
async function precompressed(file, body) {
  try {
    const br = await readFile(file);
    return brotliDecompressSync(br).equals(body) ? br : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ root: string, port: number, host?: string, spa?: boolean, cors?: boolean,
 *           dynamic?: Record<string, () => Promise<string> | string>, api?: string,
 *           tls?: { key: Buffer | string, cert: Buffer | string },
 *           pagePolicy?: (page: { origin: string | null, inlineHashes: string[] }) => Promise<string> | string }} options
 *   dynamic: URL path → JSON text produced per request (e.g. /runtime-config.json).
 *   api: the Supabase API's origin; /rest/v1, /auth/v1, /storage/v1 and /functions/v1 on this server are passed to it
 *   (what a CDN rewrite does in a deployment), so the app's API calls are same-origin: no CORS
 *   preflight before each distinct request, which on a phone network costs a round trip apiece.
 *   tls: serve HTTPS, HTTP/2 to browsers (HTTP/1.1 to clients that ask for it), as a deployment's CDN
 *   does (localCertificate.mjs makes one for localhost).
 *   pagePolicy: the Content-Security-Policy of an HTML page, given the origin the request was sent to
 *   and the hashes of the page's inline scripts (the shell's: securityHeaders.mjs); without it a page
 *   gets DEFAULT_PAGE_POLICY (never framed).
 */
export function createStaticServer({ root, port, host = '127.0.0.1', spa = false, cors = false, dynamic = {}, api, tls, pagePolicy }) {
  const cache = new Map(); // absolute path → { mtimeMs, body, gzip, br, etag }
  const forward = api ? apiForwarder(api) : null;

  async function load(file) {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit;
    const body = await readFile(file);
    const ext = path.extname(file);
    const entry = {
      mtimeMs: info.mtimeMs,
      body,
      gzip: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body, { level: 9 }) : null,
      // The build's Brotli copy (build/rsbuildApp.mjs), if it was made from this very file.
      br: COMPRESSIBLE.has(ext) ? await precompressed(`${file}.br`, body) : null,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      type: TYPES[ext] ?? 'application/octet-stream',
      // A page's inline scripts, allowed by hash in its Content-Security-Policy: taken from the very
      // bytes served, so a rebuilt index.html is covered as soon as it is read again.
      inlineHashes: ext === '.html' ? inlineScriptHashes(body) : null,
    };
    cache.set(file, entry);
    return entry;
  }

  async function send(req, res, entry, cacheControl) {
    if (entry.inlineHashes) {
      const page = { origin: requestOrigin(req.headers, Boolean(tls)), inlineHashes: entry.inlineHashes };
      res.setHeader('Content-Security-Policy', pagePolicy ? await pagePolicy(page) : DEFAULT_PAGE_POLICY);
    }
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', entry.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      return res.end();
    }
    const accepts = req.headers['accept-encoding'] ?? '';
    const encoding = entry.br && /\bbr\b/.test(accepts) ? 'br' : entry.gzip && /\bgzip\b/.test(accepts) ? 'gzip' : null;
    const body = encoding ? entry[encoding] : entry.body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** @param {import('node:http').IncomingMessage | import('node:http2').Http2ServerRequest} req @param {any} res */
  const handle = async (req, res) => {
    // The API's answers carry the API's own headers (supabase/local/gateway.mjs).
    if (forward && API_PATH.test(req.url ?? '')) return forward(req, res);
    for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
    try {
      if (cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', '*');
        if (req.method === 'OPTIONS') {
          res.statusCode = 204;
          return res.end();
        }
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.statusCode = 405;
        return res.end();
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pathname = decodeURIComponent(url.pathname);
      if (dynamic[pathname]) {
        const text = await dynamic[pathname]();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        return res.end(req.method === 'HEAD' ? undefined : text);
      }
      const file = path.join(root, path.normalize(pathname));
      if (!file.startsWith(root)) {
        res.statusCode = 400;
        return res.end();
      }
      const hashed = pathname.startsWith('/static/');
      const entry = await load(file).catch(() => null);
      if (entry) return await send(req, res, entry, hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (spa && !hashed && !path.extname(pathname)) {
        const index = await load(path.join(root, 'index.html'));
        if (index) return await send(req, res, index, 'no-cache');
      }
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  };
  const server = tls ? http2.createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, handle) : createServer(handle);
  // An HTTP/2 server has no closeAllConnections(): its connections are closed one by one on stop.
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  if (tls) {
    server.on('secureConnection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
  }

  /** Compress everything up front, as a CDN would have it ready: no first visitor pays for gzip. */
  async function warm() {
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile() && !entry.name.endsWith('.br')) await load(path.join(entry.parentPath, entry.name)).catch(() => null);
    }
  }

  return {
    port,
    url: `${tls ? 'https' : 'http'}://localhost:${port}`,
    /** Where it listens (the port it was given, or the one the system chose for port 0). */
    address: () => /** @type {import('node:net').AddressInfo} */ (server.address()),
    start: async () => {
      await warm();
      await new Promise((resolve, reject) => {
        server.once('error', (error) =>
          reject(
            error.code === 'EADDRINUSE'
              ? new Error(`Port ${port} is already in use. Stop whatever holds it, or start with PORT=<another port> (Steward uses that port and the next six).`)
              : error,
          ),
        );
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const API_PATH = /^\/(rest|auth|storage|functions)\/v1(\/|\?|$)/;
// Headers about one connection, not the request (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Passes a request to the API unchanged (method, path, headers, streamed body) and streams the answer
 * back; while the API is unreachable it answers the JSON 502 the gateway itself gives for a service down.
 * @param {string} api origin, e.g. http://127.0.0.1:54321
 */
function apiForwarder(api) {
  const target = new URL(api);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, scheduling: 'lifo', timeout: 20_000 });
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return (req, res) => {
    /** @type {string[]} */
    const headers = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = /** @type {string} */ (req.rawHeaders[i]);
      const lower = name.toLowerCase();
      // (An HTTP/2 request's pseudo-headers, :method, :path, :authority and :scheme, are not headers to pass on.)
      if (lower === 'host' || lower.startsWith(':') || (HOP_BY_HOP.has(lower) && lower !== 'transfer-encoding')) continue;
      headers.push(name, /** @type {string} */ (req.rawHeaders[i + 1]));
    }
    headers.push('host', target.host);
    const upstream = http.request({ agent, host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      /** @type {string[]} */
      const out = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const name = /** @type {string} */ (answer.rawHeaders[i]);
        if (!HOP_BY_HOP.has(name.toLowerCase())) out.push(name, /** @type {string} */ (answer.rawHeaders[i + 1]));
      }
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      const body = JSON.stringify({ message: 'The Supabase API is not reachable', code: 'API_UNREACHABLE', details: null, hint: 'Retry in a moment.' });
      res.writeHead(502, { ...STATIC_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}
