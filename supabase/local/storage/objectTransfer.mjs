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
 * Sends an object's body with the headers browsers and supabase-js read.
 * @param {{ read: (version: string) => NodeJS.ReadableStream }} files
 * @param {Req} req
 * @param {Res} res
 * @param {{ version: string, metadata: Record<string, any> | null, updated_at: Date | null, name: string }} object
 * @param {URLSearchParams} query
 */
export async function sendObject(files, req, res, object, query) {
  const metadata = object.metadata ?? {};
  /** @type {Record<string, string | number>} */
  const headers = {
    'content-type': metadata.mimetype ?? 'application/octet-stream',
    'cache-control': metadata.cacheControl ?? 'no-cache',
    'last-modified': (object.updated_at ?? new Date()).toUTCString(),
  };
  if (metadata.eTag) headers.etag = metadata.eTag;
  const download = query.has('download') ? query.get('download') : null;
  if (download !== null) {
    const filename = download || object.name.split('/').pop() || 'download';
    headers['content-disposition'] = `attachment; filename="${filename.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
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
