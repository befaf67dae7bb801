// @ts-check
// Object bodies over HTTP: an upload as supabase-js sends it (raw body with headers, or a browser File
// as multipart), the bucket's MIME rule, and a body sent back with its headers (ETag, caching, a download name).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BodyError, readBody } from '../http.mjs';
import { storageErrors } from './storageErrors.mjs';

/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */

// Multipart framing and form fields around the file part.
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * @param {Req} req
 * @param {number} limit
 * @returns {Promise<{ source: AsyncIterable<Uint8Array>, contentType: string, cacheControl: string, userMetadata: Record<string, unknown> | null }>}
 */
export async function readUpload(req, limit) {
  const contentType = req.headers['content-type'] ?? 'application/octet-stream';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return {
      source: req,
      contentType,
      cacheControl: req.headers['cache-control'] ?? 'max-age=3600',
      userMetadata: parseMetadataHeader(req.headers['x-metadata']),
    };
  }
  // Browsers upload a File as multipart: a `cacheControl` field, optional `metadata`, and the file part.
  let raw;
  try {
    raw = await readBody(req, limit + MULTIPART_OVERHEAD);
  } catch (error) {
    if (error instanceof BodyError && error.status === 413) {
      req.resume();
      throw storageErrors.tooLarge();
    }
    throw error;
  }
  let form;
  try {
    // A Buffer is a Uint8Array; the DOM typings of Response just do not say so for Node's Buffer.
    const body = /** @type {BodyInit} */ (/** @type {unknown} */ (raw));
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be parsed');
  }
  /** @type {File | null} */
  let file = null;
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      file = value;
      break;
    }
  }
  if (!file) throw storageErrors.invalidRequest('The multipart body has no file part');
  const cacheControlField = form.get('cacheControl');
  const metadataField = form.get('metadata');
  return {
    source: Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream<Uint8Array>} */ (file.stream())),
    contentType: file.type || 'application/octet-stream',
    cacheControl: typeof cacheControlField === 'string' && cacheControlField ? `max-age=${cacheControlField}` : 'max-age=3600',
    userMetadata: typeof metadataField === 'string' ? parseJsonMetadata(metadataField) : null,
  };
}

/** @param {string | string[] | undefined} header */
function parseMetadataHeader(header) {
  if (typeof header !== 'string' || header === '') return null;
  return parseJsonMetadata(Buffer.from(header, 'base64').toString('utf8'));
}

/** @param {string} text */
function parseJsonMetadata(text) {
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // fall through
  }
  throw storageErrors.invalidRequest('metadata must be a JSON object');
}

/**
 * @param {string[] | null} allowed bucket's allowed_mime_types (null or empty: anything)
 * @param {string} contentType
 */
export function checkMimeType(allowed, contentType) {
  if (!allowed || allowed.length === 0) return;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const ok = allowed.some((pattern) => {
    const wanted = pattern.trim().toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
  if (!ok) throw storageErrors.mimeNotAllowed(type);
}

/**
 * Object types a browser shows inline without running anything of the object's: plain raster images
 * and PDF (whose scripts, if any, run in the viewer, never in the page's origin). Everything else — SVG
 * and HTML above all, which are documents that can script the API's origin, and that origin may be
 * the app's own — is sent as an attachment. An <img> ignores both Content-Disposition and the
 * object's Content-Security-Policy, so logos of any type still show.
 */
export const INLINE_TYPES = Object.freeze(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);

/**
 * On every object body: the object is only what its type says (nosniff), and opened as a page it runs
 * nothing and loads nothing (a unique origin: no cookies, no storage of the API's origin). Inline
 * styles stay allowed for the browser's own image and PDF viewer pages.
 */
export const OBJECT_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
});

// A stored type fit for a header: type/subtype and parameters, in printable ASCII with no comma (a
// comma would let a browser read a second type out of the header).
const SANE_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x2b\x2d-\x7e]*)?$/;

/**
 * The Content-Type and disposition an object is served with: an inline type as its bare type, anything
 * else as stored (or application/octet-stream) and an attachment.
 * @param {unknown} stored the upload's Content-Type (metadata.mimetype)
 * @returns {{ contentType: string, inline: boolean }}
 */
export function servedType(stored) {
  const type = typeof stored === 'string' && SANE_TYPE.test(stored.trim()) ? stored.trim() : 'application/octet-stream';
  const essence = (type.split(';')[0] ?? '').trim().toLowerCase();
  return INLINE_TYPES.includes(essence) ? { contentType: essence, inline: true } : { contentType: type, inline: false };
}

/**
 * Content-Disposition: attachment under `filename` — an ASCII fallback a header can carry, and the
 * name itself as UTF-8 (RFC 6266).
 * @param {string} filename
 */
export function attachment(filename) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends an object's body with the headers browsers and supabase-js read, and those that keep it from
 * acting as a page of the API's origin (OBJECT_HEADERS; an attachment unless INLINE_TYPES).
 * @param {{ read: (version: string) => NodeJS.ReadableStream }} files
 * @param {Req} req
 * @param {Res} res
 * @param {{ version: string, metadata: Record<string, any> | null, updated_at: Date | null, name: string }} object
 * @param {URLSearchParams} query
 */
export async function sendObject(files, req, res, object, query) {
  const metadata = object.metadata ?? {};
  const { contentType, inline } = servedType(metadata.mimetype);
  /** @type {Record<string, string | number>} */
  const headers = {
    ...OBJECT_HEADERS,
    'content-type': contentType,
    'cache-control': metadata.cacheControl ?? 'no-cache',
    'last-modified': (object.updated_at ?? new Date()).toUTCString(),
  };
  if (metadata.eTag) headers.etag = metadata.eTag;
  const download = query.has('download') ? query.get('download') : null;
  if (download !== null || !inline) headers['content-disposition'] = attachment(download || object.name.split('/').pop() || 'download');
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && metadata.eTag && ifNoneMatch === metadata.eTag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = Number(metadata.size ?? 0);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(files.read(object.version), res);
}
