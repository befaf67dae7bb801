// @ts-check
// The Supabase Storage subset supabase-js uses. Every read and write of storage.objects runs as the
// caller (role and request.jwt.claims set in the transaction), so the project's RLS policies decide
// exactly as on hosted Supabase; bucket limits (size, MIME types) are enforced before a row is written.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inTransaction } from '../inTransaction.mjs';
import { signJwt, verifyJwt, JwtError } from '../jwt.mjs';
import { GLOBAL_FILE_SIZE_LIMIT } from '../config.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { BodyError, bearerToken, readBody, readJsonBody, sendJson } from '../http.mjs';
import { bucketAndKey, validateBucketName, validateKey } from './objectKeys.mjs';
import { createObjectFiles } from './objectFiles.mjs';
import { StorageError, sendStorageError, storageErrors } from './storageErrors.mjs';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
// Multipart framing and form fields around the file part.
const MULTIPART_OVERHEAD = 1024 * 1024;

/** Paths that browsers load without headers (`<img src>`, signed links): no apikey required. */
export function isPublicStoragePath(/** @type {string} */ path) {
  return path.startsWith('/object/public/') || path.startsWith('/object/sign/');
}

/** @typedef {Record<string, unknown> & { role: string, sub?: string }} Claims */
/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export async function createStorageService({ config, pool, log }) {
  const files = await createObjectFiles(config.storageDir);

  /**
   * @template T
   * @param {Claims} claims
   * @param {(client: import('pg').PoolClient) => Promise<T>} work
   * @returns {Promise<T>}
   */
  function asCaller(claims, work) {
    return inTransaction(pool, work, (client) =>
      client.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [claims.role, JSON.stringify(claims)]),
    );
  }

  /** @param {Req} req @returns {Claims} */
  function callerClaims(req) {
    const token = bearerToken(req);
    if (!token) throw storageErrors.unauthorized('Missing authorization header');
    let claims;
    try {
      claims = verifyJwt(token, JWT_SECRET);
    } catch (error) {
      if (error instanceof JwtError) throw storageErrors.unauthorized(error.reason === 'expired' ? 'jwt expired' : 'invalid signature');
      throw error;
    }
    if (typeof claims.role !== 'string' || !API_ROLES.has(claims.role)) {
      throw storageErrors.unauthorized(`role "${String(claims.role)}" may not use storage`);
    }
    return /** @type {Claims} */ (claims);
  }

  /** @param {string} bucketId */
  async function loadBucket(bucketId) {
    const { rows } = await pool.query('select * from storage.buckets where id = $1', [bucketId]);
    if (!rows[0]) throw storageErrors.bucketNotFound();
    return rows[0];
  }

  /**
   * Upload (POST, optionally upsert) or update (PUT) one object.
   * @param {Req} req @param {Res} res @param {string[]} segments @param {'create' | 'upsert' | 'update'} mode
   */
  async function writeObject(req, res, segments, mode) {
    const { bucket: bucketId, name } = bucketAndKey(segments);
    const claims = callerClaims(req);
    const bucket = await loadBucket(bucketId);
    const limit = Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit ? Number(bucket.file_size_limit) : Infinity);
    const body = await readUpload(req, limit);
    const staged = await files.stage(body.source, limit);
    try {
      checkMimeType(bucket.allowed_mime_types, body.contentType);
    } catch (error) {
      await files.discard(staged);
      throw error;
    }
    const version = randomUUID();
    const metadata = {
      eTag: `"${staged.md5}"`,
      size: staged.size,
      mimetype: body.contentType,
      cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: staged.size,
      httpStatusCode: 200,
    };
    const owner = ownerOf(claims);
    const { rows: previous } = await pool.query('select version from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    let placed = false;
    try {
      const id = await asCaller(claims, async (client) => {
        const values = [bucketId, name, owner, owner, metadata, version, body.userMetadata];
        let result;
        if (mode === 'update') {
          result = await client.query(
            `update storage.objects set owner = $3, owner_id = $4, metadata = $5, version = $6, user_metadata = $7,
                    last_accessed_at = now()
              where bucket_id = $1 and name = $2 returning id`,
            values,
          );
          if (result.rowCount === 0) throw storageErrors.objectNotFound();
        } else {
          result = await client.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7)
             ${mode === 'upsert' ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
               last_accessed_at = now()` : ''}
             returning id`,
            values,
          );
        }
        await files.place(staged, version);
        placed = true;
        return result.rows[0].id;
      });
      if (previous[0]?.version && previous[0].version !== version) await files.remove(previous[0].version);
      sendJson(res, 200, { Key: `${bucketId}/${name}`, Id: id });
    } catch (error) {
      if (placed) await files.remove(version);
      else await files.discard(staged);
      throw error;
    }
  }

  /**
   * @param {Res} res
   * @param {{ version: string, metadata: Record<string, any> | null, updated_at: Date | null, name: string }} object
   * @param {{ head: boolean, download: string | null, ifNoneMatch: string | undefined, cacheControl?: string }} options
   */
  async function sendObject(res, object, options) {
    const metadata = object.metadata ?? {};
    /** @type {Record<string, string | number>} */
    const headers = {
      'content-type': metadata.mimetype ?? 'application/octet-stream',
      'cache-control': options.cacheControl ?? metadata.cacheControl ?? 'no-cache',
      'last-modified': (object.updated_at ?? new Date()).toUTCString(),
    };
    if (metadata.eTag) headers.etag = metadata.eTag;
    if (options.download !== null) {
      const filename = options.download || object.name.split('/').pop() || 'download';
      headers['content-disposition'] = `attachment; filename="${filename.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
    }
    if (options.ifNoneMatch && metadata.eTag && options.ifNoneMatch === metadata.eTag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = Number(metadata.size ?? 0);
    res.writeHead(200, headers);
    if (options.head) {
      res.end();
      return;
    }
    await pipeline(files.read(object.version), res);
  }

  /** @param {Claims} claims @param {string} bucketId @param {string} name */
  async function findVisibleObject(claims, bucketId, name) {
    const rows = await asCaller(claims, async (client) => {
      const result = await client.query(
        `select id, name, version, metadata, user_metadata, created_at, updated_at, bucket_id
           from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, name],
      );
      return result.rows;
    });
    if (!rows[0]) throw storageErrors.objectNotFound();
    return rows[0];
  }

  /**
   * @param {Req} req @param {Res} res @param {{ bucket: string, name: string }} target
   * @param {URLSearchParams} query
   */
  async function sendPublicObject(req, res, target, query) {
    const bucket = await loadBucket(target.bucket).catch(() => null);
    if (!bucket?.public) throw storageErrors.objectNotFound();
    const { rows } = await pool.query(
      'select name, version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
      [target.bucket, target.name],
    );
    if (!rows[0]) throw storageErrors.objectNotFound();
    await sendObject(res, rows[0], {
      head: req.method === 'HEAD',
      download: query.has('download') ? query.get('download') : null,
      ifNoneMatch: req.headers['if-none-match'],
    });
  }

  /** @type {Array<[string, RegExp, (req: Req, res: Res, match: string[], query: URLSearchParams) => Promise<void>]>} */
  const routes = [
    ['GET|HEAD', /^\/object\/public\/(.+)$/, async (req, res, [rest], query) => {
      await sendPublicObject(req, res, bucketAndKey(splitPath(rest)), query);
    }],
    ['GET|HEAD', /^\/object\/sign\/(.+)$/, async (req, res, [rest], query) => {
      const target = bucketAndKey(splitPath(rest));
      const token = query.get('token');
      if (!token) throw storageErrors.invalidJwt('Missing token query parameter');
      let claims;
      try {
        claims = verifyJwt(token, JWT_SECRET, { leewaySeconds: 0 });
      } catch (error) {
        if (error instanceof JwtError) throw storageErrors.invalidJwt(error.reason === 'expired' ? 'jwt expired' : 'invalid signature');
        throw error;
      }
      if (claims.url !== `${target.bucket}/${target.name}`) throw storageErrors.invalidJwt('The token was signed for another object');
      const { rows } = await pool.query(
        'select name, version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
        [target.bucket, target.name],
      );
      if (!rows[0]) throw storageErrors.objectNotFound();
      await sendObject(res, rows[0], {
        head: req.method === 'HEAD',
        download: query.has('download') ? query.get('download') : null,
        ifNoneMatch: req.headers['if-none-match'],
      });
    }],
    ['POST', /^\/object\/sign\/([^/]+)\/(.+)$/, async (req, res, [bucketSegment, rest]) => {
      const { bucket, name } = bucketAndKey([bucketSegment, ...splitPath(rest)]);
      const claims = callerClaims(req);
      const body = /** @type {{ expiresIn?: unknown }} */ (await readJsonBody(req));
      const expiresIn = positiveSeconds(body.expiresIn);
      await findVisibleObject(claims, bucket, name);
      sendJson(res, 200, { signedURL: signedUrl(bucket, name, expiresIn) });
    }],
    ['POST', /^\/object\/sign\/([^/]+)$/, async (req, res, [bucketSegment]) => {
      const bucket = decodeURIComponent(bucketSegment);
      validateBucketName(bucket);
      const claims = callerClaims(req);
      const body = /** @type {{ expiresIn?: unknown, paths?: unknown }} */ (await readJsonBody(req));
      const expiresIn = positiveSeconds(body.expiresIn);
      if (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string')) {
        throw storageErrors.invalidRequest('paths must be an array of object paths');
      }
      const paths = /** @type {string[]} */ (body.paths);
      const visible = await asCaller(claims, async (client) => {
        const { rows } = await client.query('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]);
        return new Set(rows.map((row) => row.name));
      });
      sendJson(
        res,
        200,
        paths.map((path) =>
          visible.has(path)
            ? { error: null, path, signedURL: signedUrl(bucket, path, expiresIn) }
            : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
        ),
      );
    }],
    ['GET|HEAD', /^\/object\/info\/(?:authenticated\/|public\/)?(.+)$/, async (req, res, [rest]) => {
      const { bucket, name } = bucketAndKey(splitPath(rest));
      const object = await findVisibleObject(callerClaims(req), bucket, name);
      const metadata = object.metadata ?? {};
      sendJson(res, 200, {
        id: object.id,
        name: object.name,
        version: object.version,
        bucket_id: object.bucket_id,
        size: metadata.size ?? null,
        content_type: metadata.mimetype ?? null,
        cache_control: metadata.cacheControl ?? null,
        etag: metadata.eTag ?? null,
        metadata: object.user_metadata ?? {},
        last_modified: object.updated_at,
        created_at: object.created_at,
      });
    }],
    ['POST', /^\/object\/list\/([^/]+)$/, async (req, res, [bucketSegment]) => {
      const bucket = decodeURIComponent(bucketSegment);
      validateBucketName(bucket);
      const claims = callerClaims(req);
      const body = /** @type {Record<string, any>} */ (await readJsonBody(req));
      sendJson(res, 200, await listFolder(claims, bucket, body));
    }],
    ['POST', /^\/object\/(move|copy)$/, async (req, res, [operation]) => {
      const claims = callerClaims(req);
      const body = /** @type {Record<string, unknown>} */ (await readJsonBody(req));
      const { bucketId, sourceKey, destinationKey } = body;
      const destinationBucket = body.destinationBucket ?? bucketId;
      if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string' || typeof destinationBucket !== 'string') {
        throw storageErrors.invalidRequest('bucketId, sourceKey and destinationKey are required');
      }
      validateKey(sourceKey);
      validateKey(destinationKey);
      validateBucketName(destinationBucket);
      if (operation === 'move') {
        await asCaller(claims, async (client) => {
          const { rowCount } = await client.query(
            'update storage.objects set bucket_id = $3, name = $4 where bucket_id = $1 and name = $2',
            [bucketId, sourceKey, destinationBucket, destinationKey],
          );
          if (rowCount === 0) throw storageErrors.objectNotFound();
        });
        sendJson(res, 200, { message: 'Successfully moved' });
        return;
      }
      const source = await findVisibleObject(claims, bucketId, sourceKey);
      const version = randomUUID();
      await files.copy(source.version, version);
      try {
        await asCaller(claims, (client) =>
          client.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [destinationBucket, destinationKey, ownerOf(claims), ownerOf(claims), source.metadata, version, source.user_metadata],
          ),
        );
      } catch (error) {
        await files.remove(version);
        throw error;
      }
      sendJson(res, 200, { Key: `${destinationBucket}/${destinationKey}` });
    }],
    ['GET|HEAD', /^\/object\/(?:authenticated\/)?([^/]+\/.+)$/, async (req, res, [rest], query) => {
      const { bucket, name } = bucketAndKey(splitPath(rest));
      const object = await findVisibleObject(callerClaims(req), bucket, name);
      await sendObject(res, object, {
        head: req.method === 'HEAD',
        download: query.has('download') ? query.get('download') : null,
        ifNoneMatch: req.headers['if-none-match'],
      });
    }],
    ['POST', /^\/object\/([^/]+\/.+)$/, async (req, res, [rest]) => {
      await writeObject(req, res, splitPath(rest), headerFlag(req, 'x-upsert') ? 'upsert' : 'create');
    }],
    ['PUT', /^\/object\/([^/]+\/.+)$/, async (req, res, [rest]) => {
      await writeObject(req, res, splitPath(rest), 'update');
    }],
    ['POST|PUT', /^\/object\/([^/]*)$/, async () => {
      // Typically a path such as "../file.png": the client resolved the dot segment away, bucket included.
      throw storageErrors.invalidRequest('The path must name a bucket and an object: /object/{bucket}/{path}');
    }],
    ['DELETE', /^\/object\/([^/]+)$/, async (req, res, [bucketSegment]) => {
      const bucket = decodeURIComponent(bucketSegment);
      validateBucketName(bucket);
      const claims = callerClaims(req);
      const body = /** @type {{ prefixes?: unknown }} */ (await readJsonBody(req));
      if (!Array.isArray(body.prefixes) || !body.prefixes.every((p) => typeof p === 'string')) {
        throw storageErrors.invalidRequest('prefixes must be an array of object paths');
      }
      const deleted = await deleteObjects(claims, bucket, /** @type {string[]} */ (body.prefixes));
      sendJson(res, 200, deleted);
    }],
    ['DELETE', /^\/object\/([^/]+\/.+)$/, async (req, res, [rest]) => {
      const { bucket, name } = bucketAndKey(splitPath(rest));
      const deleted = await deleteObjects(callerClaims(req), bucket, [name]);
      if (deleted.length === 0) throw storageErrors.objectNotFound();
      sendJson(res, 200, { message: 'Successfully deleted' });
    }],
    ['GET', /^\/bucket\/?$/, async (req, res) => {
      const rows = await asCaller(callerClaims(req), async (client) => (await client.query('select * from storage.buckets order by name')).rows);
      sendJson(res, 200, rows);
    }],
    ['GET', /^\/bucket\/([^/]+)$/, async (req, res, [id]) => {
      const rows = await asCaller(callerClaims(req), async (client) =>
        (await client.query('select * from storage.buckets where id = $1', [decodeURIComponent(id)])).rows,
      );
      if (!rows[0]) throw storageErrors.bucketNotFound();
      sendJson(res, 200, rows[0]);
    }],
    ['POST', /^\/bucket\/?$/, async (req, res) => {
      const claims = callerClaims(req);
      const body = /** @type {Record<string, unknown>} */ (await readJsonBody(req));
      const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
      const id = typeof body.id === 'string' ? body.id : name;
      validateBucketName(id);
      await asCaller(claims, (client) =>
        client.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [id, name, ownerOf(claims), ownerOf(claims), body.public === true, sizeLimit(body.file_size_limit), mimeTypes(body.allowed_mime_types)],
        ),
      );
      sendJson(res, 200, { name: id });
    }],
    ['PUT', /^\/bucket\/([^/]+)$/, async (req, res, [id]) => {
      const claims = callerClaims(req);
      const body = /** @type {Record<string, unknown>} */ (await readJsonBody(req));
      const updated = await asCaller(claims, (client) =>
        client.query(
          `update storage.buckets set public = coalesce($2, public), file_size_limit = $3, allowed_mime_types = $4,
                  updated_at = now() where id = $1`,
          [decodeURIComponent(id), typeof body.public === 'boolean' ? body.public : null, sizeLimit(body.file_size_limit), mimeTypes(body.allowed_mime_types)],
        ),
      );
      if (updated.rowCount === 0) throw storageErrors.bucketNotFound();
      sendJson(res, 200, { message: 'Successfully updated' });
    }],
    ['DELETE', /^\/bucket\/([^/]+)$/, async (req, res, [id]) => {
      const bucket = decodeURIComponent(id);
      const claims = callerClaims(req);
      const { rowCount } = await pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [bucket]);
      if (rowCount) throw storageErrors.bucketNotEmpty();
      const deleted = await asCaller(claims, (client) => client.query('delete from storage.buckets where id = $1', [bucket]));
      if (deleted.rowCount === 0) throw storageErrors.bucketNotFound();
      sendJson(res, 200, { message: 'Successfully deleted' });
    }],
    ['POST', /^\/bucket\/([^/]+)\/empty$/, async (req, res, [id]) => {
      const bucket = decodeURIComponent(id);
      const claims = callerClaims(req);
      const { rows } = await pool.query('select name from storage.objects where bucket_id = $1', [bucket]);
      await deleteObjects(claims, bucket, rows.map((row) => row.name));
      sendJson(res, 200, { message: 'Successfully emptied' });
    }],
  ];

  /** @param {string} bucket @param {string} name @param {number} expiresIn */
  function signedUrl(bucket, name, expiresIn) {
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ url: `${bucket}/${name}`, iat: now, exp: now + expiresIn }, JWT_SECRET);
    return `/object/sign/${encodePath(`${bucket}/${name}`)}?token=${token}`;
  }

  /** @param {Claims} claims @param {string} bucket @param {string[]} names */
  async function deleteObjects(claims, bucket, names) {
    if (names.length === 0) return [];
    const rows = await asCaller(claims, async (client) =>
      (
        await client.query(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning id, bucket_id, name, owner, owner_id, metadata, version, created_at, updated_at, last_accessed_at`,
          [bucket, names],
        )
      ).rows,
    );
    for (const row of rows) await files.remove(row.version);
    return rows;
  }

  /**
   * One folder level, folders first-class like Supabase's storage.search().
   * @param {Claims} claims @param {string} bucket @param {Record<string, any>} body
   */
  async function listFolder(claims, bucket, body) {
    const prefixInput = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : '';
    const prefix = prefixInput ? `${prefixInput}/` : '';
    const limit = Math.max(1, Math.min(1000, Number(body.limit) || 100));
    const offset = Math.max(0, Number(body.offset) || 0);
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(body.sortBy?.column) ? body.sortBy.column : 'name';
    const descending = String(body.sortBy?.order ?? 'asc').toLowerCase() === 'desc';
    const rows = await asCaller(claims, async (client) =>
      (
        await client.query(
          `select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects
            where bucket_id = $1 and starts_with(name, $2)`,
          [bucket, prefix],
        )
      ).rows,
    );
    /** @type {Map<string, Record<string, unknown>>} */
    const entries = new Map();
    for (const row of rows) {
      const relative = row.name.slice(prefix.length);
      const slash = relative.indexOf('/');
      if (slash === -1) {
        entries.set(`f:${relative}`, { ...row, name: relative });
      } else {
        const folder = relative.slice(0, slash);
        entries.set(`d:${folder}`, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    }
    const listed = [...entries.values()].filter((entry) => !search || String(entry.name).toLowerCase().includes(search));
    listed.sort((a, b) => {
      const left = /** @type {any} */ (a[column] ?? '');
      const right = /** @type {any} */ (b[column] ?? '');
      const order = left < right ? -1 : left > right ? 1 : String(a.name).localeCompare(String(b.name));
      return descending ? -order : order;
    });
    return listed.slice(offset, offset + limit);
  }

  return {
    /** @type {import('../gateway.mjs').ServiceHandler} */
    async handle(req, res, context) {
      try {
        const method = req.method ?? 'GET';
        for (const [methods, pattern, handler] of routes) {
          if (!methods.split('|').includes(method)) continue;
          const match = pattern.exec(context.path);
          if (!match) continue;
          await handler(req, res, match.slice(1), context.query);
          return;
        }
        throw storageErrors.notFound();
      } catch (error) {
        const mapped = toStorageError(error);
        if (!mapped) log.error(`storage: ${req.method} ${context.path} failed: ${/** @type {Error} */ (error)?.stack ?? error}`);
        const response = mapped ?? new StorageError(500, 'internal', /** @type {Error} */ (error).message);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // The client may still be sending; read the rest so it receives this answer, not a reset.
        if (!req.readableEnded) req.resume();
        sendStorageError(res, response);
      }
    },
  };
}

/**
 * @param {Req} req
 * @param {number} limit
 * @returns {Promise<{ source: AsyncIterable<Uint8Array>, contentType: string, cacheControl: string, userMetadata: Record<string, unknown> | null }>}
 */
async function readUpload(req, limit) {
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
      throw storageErrors.tooLarge(limit);
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
function checkMimeType(allowed, contentType) {
  if (!allowed || allowed.length === 0) return;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const ok = allowed.some((pattern) => {
    const wanted = pattern.trim().toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
  if (!ok) throw storageErrors.mimeNotAllowed(type);
}

/** @param {unknown} error @returns {StorageError | null} */
function toStorageError(error) {
  if (error instanceof StorageError) return error;
  if (error instanceof BodyError) return new StorageError(error.status, 'InvalidRequest', error.message);
  const pgError = /** @type {{ code?: string, message?: string }} */ (error);
  switch (pgError?.code) {
    case '42501':
      return storageErrors.unauthorized(pgError.message ?? 'new row violates row-level security policy');
    case '23505':
      return storageErrors.duplicate();
    case '23503':
      return storageErrors.bucketNotFound();
    case '22P02':
    case '23514':
      return storageErrors.invalidRequest(pgError.message ?? 'invalid input');
    default:
      return null;
  }
}

/** Objects and buckets belong to the signed-in user who wrote them (none for anon and service role). */
function ownerOf(/** @type {Claims} */ claims) {
  return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
}

/** @param {string} rest */
function splitPath(rest) {
  return rest.split('/');
}

/** @param {string} path */
function encodePath(path) {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** @param {Req} req @param {string} name */
function headerFlag(req, name) {
  return String(req.headers[name] ?? '').toLowerCase() === 'true';
}

/** @param {unknown} value */
function positiveSeconds(value) {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw storageErrors.invalidRequest('expiresIn must be a positive number of seconds');
  return Math.floor(seconds);
}

/** @param {unknown} value @returns {number | null} */
function sizeLimit(value) {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.floor(value);
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim()) : null;
  if (!match) throw storageErrors.invalidRequest('file_size_limit must be a number of bytes or a size such as "5MB"');
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[/** @type {'b' | 'kb' | 'mb' | 'gb'} */ ((match[2] ?? 'b').toLowerCase())];
  return Math.floor(Number(match[1]) * unit);
}

/** @param {unknown} value @returns {string[] | null} */
function mimeTypes(value) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw storageErrors.invalidRequest('allowed_mime_types must be an array of MIME types');
  }
  return value;
}
