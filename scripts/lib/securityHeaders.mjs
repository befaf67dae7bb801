// The security headers of the shell and the remotes' static files, in one place: the platform's server
// (staticServer.mjs) sends them, and scripts/securityHeaders.mjs prints the same ones for a CDN
// (docs/security-headers.md). The API's own (the gateway and storage) are set in supabase/local.
import { createHash } from 'node:crypto';

/** On every static response, shell and remotes alike. */
export const STATIC_HEADERS = Object.freeze({
  // A file is only ever what its Content-Type says: no script or stylesheet sniffed out of JSON or text.
  'X-Content-Type-Options': 'nosniff',
  // The app's URLs name records (/contacts/<id>): they go to no other origin, the remotes' and the
  // API's included (which need none), nor to the sites a record links to.
  'Referrer-Policy': 'same-origin',
});

/** A page with no policy of its own (a remote's index.html, a bench harness): it is never framed. */
export const DEFAULT_PAGE_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/**
 * The `'sha256-…'` source of every inline script of an HTML page (a `<script>` without `src`), as a
 * browser hashes it: the element's text, line breaks normalised as the HTML parser does.
 * @param {string | Buffer} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const text = typeof html === 'string' ? html : html.toString('utf8');
  const hashes = new Set();
  for (const match of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    const body = (match[2] ?? '').replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The origin of an absolute http(s) URL, or null for a relative one (the page's own origin: 'self'). */
function originOf(url) {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The origins a registry (/runtime-config.json) names: each remote's (from its manifest URL) and the
 * API's, when absolute. Relative URLs are the shell's own origin.
 * @param {{ supabaseUrl?: string, remotes?: Record<string, { manifest?: string } | undefined> } | null | undefined} registry
 */
export function registryOrigins(registry) {
  const remotes = new Set();
  for (const entry of Object.values(registry?.remotes ?? {})) {
    const origin = originOf(entry?.manifest);
    if (origin) remotes.add(origin);
  }
  return { remotes: [...remotes].sort(), api: originOf(registry?.supabaseUrl) };
}

/**
 * The shell's Content-Security-Policy.
 * - Scripts: the shell's own bundles (only under /static/ when its origin is known, so an object the
 *   API serves on the same origin can never be a script), each remote's origin, and index.html's
 *   inline starts by hash. No 'unsafe-inline', no eval.
 * - Connections: the shell's origin (the registry, the same-origin API), each remote's (manifests) and
 *   the API's.
 * - Styles: 'unsafe-inline' is needed: antd and React write style attributes, antd adds <style>
 *   elements at run time (the popup's scroll lock, motion), and an organisation's custom CSS is a
 *   <style> element; remotes' stylesheets come from their origins.
 * - Images: the app's own, the API's (logos and photos in storage), data: and blob: (icons, previews),
 *   and any https: image, because a logo may be any link to an image and custom CSS may name https
 *   images (scopeCustomCss); fonts likewise.
 * - Nothing frames it (frame-ancestors 'none'), no plugins, no <base>, forms post only to itself.
 * @param {{ origin?: string | null, registry?: Parameters<typeof registryOrigins>[0], inlineHashes?: string[] }} options
 *   origin: the shell's own origin as the browser sees it (https://app.example.org); unknown: 'self'.
 */
export function shellContentSecurityPolicy({ origin = null, registry = null, inlineHashes = [] }) {
  const { remotes, api } = registryOrigins(registry);
  const own = origin ? [`${origin}/static/`] : ["'self'"];
  const apiSource = api && api !== origin ? [api] : [];
  const directives = [
    ["default-src", "'self'"],
    ['script-src', ...own, ...remotes, ...inlineHashes],
    ['style-src', "'self'", "'unsafe-inline'", ...remotes],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...apiSource],
    ['font-src', "'self'", 'data:', 'https:', ...remotes],
    ['connect-src', "'self'", ...remotes, ...apiSource],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => [...new Set(parts)].join(' ')).join('; ');
}

/** The origin a request was sent to (HTTP/2's :authority, else Host), or null when it is not a plain host[:port]. */
export function requestOrigin(headers, secure) {
  const host = headers[':authority'] ?? headers.host;
  return typeof host === 'string' && /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) ? `${secure ? 'https' : 'http'}://${host.toLowerCase()}` : null;
}

/**
 * Every header a CDN must add, by path, for a shell deployed at `origin` with this registry and this
 * index.html (what `node scripts/securityHeaders.mjs` prints).
 * @param {{ origin: string, registry: Parameters<typeof registryOrigins>[0], indexHtml: string | Buffer }} options
 */
export function cdnHeaders({ origin, registry, indexHtml }) {
  const policy = shellContentSecurityPolicy({ origin, registry, inlineHashes: inlineScriptHashes(indexHtml) });
  return [
    { where: 'shell: index.html and every app path (the SPA fallback)', headers: { ...STATIC_HEADERS, 'Content-Security-Policy': policy } },
    { where: 'shell: every other file (/static/*, /runtime-config.json, /mf-manifest.json)', headers: { ...STATIC_HEADERS } },
    { where: "each remote's origin: every file (plus its CORS: Access-Control-Allow-Origin: *)", headers: { ...STATIC_HEADERS } },
  ];
}
