import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCertificate } from './localCertificate.mjs';
import { createStaticServer } from './staticServer.mjs';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

describe('the shell server passes API calls to the API', () => {
  let root: string;
  let api: http.Server;
  let apiOrigin: string;
  const seen: Seen[] = [];
  let shell: ReturnType<typeof createStaticServer>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'steward-static-'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(req.url?.startsWith('/auth/v1/missing') ? 404 : 200, { 'content-type': 'application/json', 'content-range': '0-0/1', connection: 'keep-alive' });
        res.end(JSON.stringify({ echoed: body }));
      });
    });
    api.listen(0, '127.0.0.1');
    await once(api, 'listening');
    apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    shell = createStaticServer({ root, port: 0, spa: true, api: apiOrigin });
    await shell.start();
  });

  afterAll(async () => {
    await shell.stop();
    api.close();
    await rm(root, { recursive: true, force: true });
  });

  const shellUrl = (pathname: string) => `http://127.0.0.1:${shell.address().port}${pathname}`;

  it('forwards method, path, query, headers and body, and answers with the API’s status and headers', async () => {
    const response = await fetch(shellUrl('/rest/v1/contacts?select=id&name=ilike.*a*'), {
      method: 'PATCH',
      headers: { apikey: 'anon', authorization: 'Bearer token', prefer: 'return=representation', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('0-0/1');
    expect(await response.json()).toEqual({ echoed: '{"name":"Ada"}' });
    const request = seen.at(-1) as Seen;
    expect(request).toMatchObject({ method: 'PATCH', url: '/rest/v1/contacts?select=id&name=ilike.*a*', body: '{"name":"Ada"}' });
    expect(request.headers).toMatchObject({ apikey: 'anon', authorization: 'Bearer token', prefer: 'return=representation' });
    expect(request.headers.host).toBe(new URL(apiOrigin).host);
  });

  it('passes the API’s errors through and serves the app everywhere else', async () => {
    expect((await fetch(shellUrl('/auth/v1/missing'))).status).toBe(404);
    expect(await (await fetch(shellUrl('/dashboard'))).text()).toContain('<title>shell</title>');
    // Only the three service prefixes are the API's: a page path that merely starts alike is the app's.
    expect(await (await fetch(shellUrl('/rest/v10'))).text()).toContain('<title>shell</title>');
  });

  it('answers a JSON 502 at once while the API is unreachable', async () => {
    const down = createStaticServer({ root, port: 0, api: 'http://127.0.0.1:9' });
    await down.start();
    try {
      const response = await fetch(`http://127.0.0.1:${down.address().port}/rest/v1/contacts`);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'API_UNREACHABLE' });
    } finally {
      await down.stop();
    }
  });
});

describe('the server sends each file in the best encoding the browser accepts', () => {
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  let root: string;
  let server: ReturnType<typeof createStaticServer>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'steward-static-'));
    await mkdir(path.join(root, 'static/js'), { recursive: true });
    await writeFile(path.join(root, 'static/js/app.js'), script);
    await writeFile(path.join(root, 'static/js/app.js.br'), brotliCompressSync(Buffer.from(script)));
    // A copy left from another build: it must never be served for this file.
    await writeFile(path.join(root, 'static/js/changed.js'), script);
    await writeFile(path.join(root, 'static/js/changed.js.br'), brotliCompressSync(Buffer.from('export const stale = true;')));
    server = createStaticServer({ root, port: 0 });
    await server.start();
  });

  afterAll(async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  });

  /** The raw answer: Node's fetch would decode it, and the encoding on the wire is the point here. */
  function get(pathname: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.address().port, path: pathname, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('Brotli from the build’s copy, gzip, or the file as it is', async () => {
    const br = await get('/static/js/app.js', 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await get('/static/js/app.js', 'gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/static/js/app.js', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('never a Brotli copy that is not of the file being served', async () => {
    const answer = await get('/static/js/changed.js', 'br, gzip');
    expect(answer.encoding).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });
});

describe('over HTTPS the server speaks HTTP/2, as a deployment’s CDN does', () => {
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  let root: string;
  let api: http.Server;
  const seen: http.IncomingHttpHeaders[] = [];
  let server: ReturnType<typeof createStaticServer>;
  let session: http2.ClientHttp2Session;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'steward-static-'));
    await mkdir(path.join(root, 'static/js'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(root, 'static/js/app.js'), script);
    await writeFile(path.join(root, 'static/js/app.js.br'), brotliCompressSync(Buffer.from(script)));
    api = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json', 'content-range': '0-0/1', connection: 'keep-alive' });
      res.end('[{"id":1}]');
    });
    api.listen(0, '127.0.0.1');
    await once(api, 'listening');
    const certificate = localCertificate();
    server = createStaticServer({ root, port: 0, spa: true, api: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, tls: certificate });
    await server.start();
    session = http2.connect(`https://localhost:${server.address().port}`, { ca: certificate.cert });
  });

  afterAll(async () => {
    session.close();
    await server.stop();
    api.close();
    await rm(root, { recursive: true, force: true });
  });

  function get(pathname: string, headers: Record<string, string> = {}, over = session): Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const stream = over.request({ ':path': pathname, ...headers });
      let answer: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => (answer = received));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ headers: answer, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end();
    });
  }

  it('serves the build’s Brotli copy and the app’s pages on one HTTP/2 connection, with a certificate for localhost', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:/);
    const [js, page] = await Promise.all([get('/static/js/app.js', { 'accept-encoding': 'br' }), get('/dashboard')]);
    expect(js.headers[':status']).toBe(200);
    expect(js.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(js.body).toString()).toBe(script);
    expect(page.body.toString()).toContain('<title>shell</title>');
  });

  it('passes API calls on without the request’s HTTP/2 pseudo-headers, and strips the API’s connection headers', async () => {
    const answer = await get('/rest/v1/contacts?select=id', { apikey: 'anon' });
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['content-range']).toBe('0-0/1');
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.body.toString()).toBe('[{"id":1}]');
    const request = seen.at(-1) as http.IncomingHttpHeaders;
    expect(request.apikey).toBe('anon');
    expect(Object.keys(request).filter((name) => name.startsWith(':'))).toEqual([]);
  });

  it('stops with connections open, and starts again', async () => {
    await server.stop();
    await server.start();
    const again = http2.connect(`https://localhost:${server.address().port}`, { ca: localCertificate().cert });
    try {
      expect((await get('/dashboard', {}, again)).headers[':status']).toBe(200);
    } finally {
      again.close();
    }
    session = http2.connect(`https://localhost:${server.address().port}`, { ca: localCertificate().cert });
  });
});
