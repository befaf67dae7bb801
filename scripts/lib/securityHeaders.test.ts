import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCertificate } from './localCertificate.mjs';
import { cdnHeaders, inlineScriptHashes, registryOrigins, shellContentSecurityPolicy } from './securityHeaders.mjs';
import { createStaticServer } from './staticServer.mjs';

const FIRST_START = 'window.stewardFirstView={started:1};';
const AREA_START = 'window.stewardAreaStart=(function(){return 2})();';
const INDEX_HTML = `<!DOCTYPE html><html lang="en"><head><script defer src="/static/js/index.1234.js"></script><script>${FIRST_START}</script><script>${AREA_START}</script></head><body><div id="root"></div></body></html>`;
const REGISTRY = {
  supabaseUrl: '/',
  supabaseAnonKey: 'anon',
  remotes: {
    crm: { manifest: 'https://crm.example.org/mf-manifest.json' },
    catalog: { manifest: 'https://cdn.example.org/releases/catalog/2026-01-01/mf-manifest.json' },
    settings: { manifest: 'https://cdn.example.org/releases/settings/2026-01-02/mf-manifest.json' },
  },
};

/** The CSP hash source of a script's text, computed here without the module under test. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Directive name → its sources. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('the shell’s and the remotes’ servers send security headers', () => {
  let shellRoot: string;
  let remoteRoot: string;
  let shell: ReturnType<typeof createStaticServer>;
  let remote: ReturnType<typeof createStaticServer>;

  beforeAll(async () => {
    shellRoot = await mkdtemp(path.join(os.tmpdir(), 'steward-headers-shell-'));
    await mkdir(path.join(shellRoot, 'static/js'), { recursive: true });
    await writeFile(path.join(shellRoot, 'index.html'), INDEX_HTML);
    await writeFile(path.join(shellRoot, 'static/js/index.1234.js'), 'console.log(1);\n');
    remoteRoot = await mkdtemp(path.join(os.tmpdir(), 'steward-headers-remote-'));
    await mkdir(path.join(remoteRoot, 'static/js'), { recursive: true });
    await writeFile(path.join(remoteRoot, 'index.html'), '<!DOCTYPE html><title>crm</title><script defer src="static/js/index.js"></script>');
    await writeFile(path.join(remoteRoot, 'mf-manifest.json'), JSON.stringify({ id: 'steward_crm' }));
    await writeFile(path.join(remoteRoot, 'static/js/steward_crm.abcd.js'), 'var steward_crm = {};\n');
    shell = createStaticServer({
      root: shellRoot,
      port: 0,
      spa: true,
      dynamic: { '/runtime-config.json': () => JSON.stringify(REGISTRY) },
      pagePolicy: ({ origin, inlineHashes }) => shellContentSecurityPolicy({ origin, registry: REGISTRY, inlineHashes }),
    });
    remote = createStaticServer({ root: remoteRoot, port: 0, cors: true });
    await Promise.all([shell.start(), remote.start()]);
  });

  afterAll(async () => {
    await Promise.all([shell.stop(), remote.stop()]);
    await rm(shellRoot, { recursive: true, force: true });
    await rm(remoteRoot, { recursive: true, force: true });
  });

  const shellUrl = (pathname: string) => `http://127.0.0.1:${shell.address().port}${pathname}`;
  const remoteUrl = (pathname: string) => `http://127.0.0.1:${remote.address().port}${pathname}`;

  it('the shell’s page: a policy of its own scripts, the registry’s origins and index.html’s inline starts by hash; never framed; nosniff; same-origin referrers', async () => {
    for (const pathname of ['/', '/contacts/5b0f6c1e-0000-4000-8000-000000000000']) {
      const response = await fetch(shellUrl(pathname));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      const policy = directives(response.headers.get('content-security-policy'));
      const self = `http://127.0.0.1:${shell.address().port}`;
      // Scripts: the shell's bundles only (not the same-origin API's objects), the remotes, the two starts.
      expect(policy['script-src']?.sort()).toEqual(
        [`${self}/static/`, 'https://cdn.example.org', 'https://crm.example.org', sha256(FIRST_START), sha256(AREA_START)].sort(),
      );
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['script-src']).not.toContain("'unsafe-eval'");
      expect(policy['connect-src']?.sort()).toEqual(["'self'", 'https://cdn.example.org', 'https://crm.example.org']);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(policy['style-src']).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'", 'https://crm.example.org']));
    }
  });

  it('the page keeps its policy when the browser revalidates it (304)', async () => {
    const first = await fetch(shellUrl('/dashboard'));
    const again = await fetch(shellUrl('/dashboard'), { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('every other file of the shell: nosniff and the referrer policy, no page policy', async () => {
    for (const pathname of ['/static/js/index.1234.js', '/runtime-config.json', '/static/js/missing.js']) {
      const response = await fetch(shellUrl(pathname));
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), pathname).toBe('same-origin');
      expect(response.headers.get('content-security-policy'), pathname).toBeNull();
    }
  });

  it('a remote’s manifest and scripts: nosniff, still loadable from another origin (CORS)', async () => {
    for (const pathname of ['/mf-manifest.json', '/static/js/steward_crm.abcd.js']) {
      const response = await fetch(remoteUrl(pathname), { headers: { origin: 'https://app.example.org' } });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('access-control-allow-origin'), pathname).toBe('*');
    }
    expect((await fetch(remoteUrl('/mf-manifest.json'))).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await fetch(remoteUrl('/static/js/steward_crm.abcd.js'))).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const preflight = await fetch(remoteUrl('/mf-manifest.json'), { method: 'OPTIONS', headers: { origin: 'https://app.example.org', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a page served with no policy of its own (a remote’s index.html) is still never framed', async () => {
    const response = await fetch(remoteUrl('/index.html'));
    expect(directives(response.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('over HTTPS and HTTP/2, as a deployment serves the shell', () => {
  it('names the shell’s bundles at the https origin the browser asked (:authority)', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'steward-headers-h2-'));
    await writeFile(path.join(root, 'index.html'), INDEX_HTML);
    const certificate = localCertificate();
    const server = createStaticServer({
      root,
      port: 0,
      spa: true,
      tls: certificate,
      pagePolicy: ({ origin, inlineHashes }) => shellContentSecurityPolicy({ origin, registry: REGISTRY, inlineHashes }),
    });
    await server.start();
    const session = http2.connect(`https://localhost:${server.address().port}`, { ca: certificate.cert });
    try {
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const stream = session.request({ ':path': '/dashboard' });
        stream.on('response', resolve);
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });
      expect(headers[':status']).toBe(200);
      expect(directives(String(headers['content-security-policy']))['script-src']).toContain(`https://localhost:${server.address().port}/static/`);
      expect(headers['x-content-type-options']).toBe('nosniff');
    } finally {
      session.close();
      await server.stop();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the shell’s policy and the CDN’s headers', () => {
  it('hashes each inline script (not the external ones) as the browser does, CRLF read as LF', () => {
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([sha256(FIRST_START), sha256(AREA_START)]);
    expect(inlineScriptHashes('<script type="module">a()\r\nb()</script><script async src="x.js"></script>')).toEqual([sha256('a()\nb()')]);
  });

  it('takes the remotes’ and the API’s origins from the registry; relative URLs are the shell’s own', () => {
    expect(registryOrigins({ supabaseUrl: 'https://xyz.supabase.co', remotes: { crm: { manifest: '/crm/mf-manifest.json' }, lodging: { manifest: 'https://cdn.example.org/lodging/mf-manifest.json' } } })).toEqual({
      remotes: ['https://cdn.example.org'],
      api: 'https://xyz.supabase.co',
    });
    const policy = directives(shellContentSecurityPolicy({ origin: 'https://app.example.org', registry: { supabaseUrl: 'https://xyz.supabase.co', remotes: {} } }));
    expect(policy['connect-src']).toEqual(["'self'", 'https://xyz.supabase.co']);
    expect(policy['img-src']).toContain('https://xyz.supabase.co');
    // The API's origin serves uploads: it is never a script source.
    expect(policy['script-src']).toEqual(['https://app.example.org/static/']);
  });

  it('the CDN table: the page’s policy on every app path, nosniff and the referrer policy everywhere', () => {
    const table = cdnHeaders({ origin: 'https://app.example.org', registry: REGISTRY, indexHtml: INDEX_HTML });
    expect(table).toHaveLength(3);
    const page = table[0]?.headers as Record<string, string>;
    expect(page['Content-Security-Policy']).toContain(sha256(AREA_START));
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    for (const row of table) {
      expect(row.headers['X-Content-Type-Options']).toBe('nosniff');
      expect(row.headers['Referrer-Policy']).toBe('same-origin');
    }
  });
});
