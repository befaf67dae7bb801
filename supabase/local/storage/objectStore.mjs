// @ts-check
// What every storage route family works with: the caller's claims, statements run as that caller (role
// and request.jwt.claims set in the transaction, so the project's RLS policies decide exactly as on
// hosted Supabase), buckets, visible objects, and the one write path for an object's row and body.
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../inTransaction.mjs';
import { GLOBAL_FILE_SIZE_LIMIT } from '../config.mjs';
import { JWT_SECRET } from '../keys.mjs';
import { bearerClaims } from '../router.mjs';
import { readUpload, checkMimeType } from './objectTransfer.mjs';
import { storageErrors } from './storageErrors.mjs';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** @typedef {Record<string, unknown> & { role: string, sub?: string }} Claims */
/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {'create' | 'upsert' | 'update'} WriteMode */
/** @typedef {Awaited<ReturnType<typeof createObjectStore>>} ObjectStore */

/** Claims for work done on the service's own authority (an upload through a signed URL). */
export const SERVICE_CLAIMS = /** @type {Claims} */ ({ role: 'service_role' });

/**
 * The Storage API is the one way rows of storage.objects and storage.buckets go (bytes and all): the
 * baseline's storage.protect_delete, as hosted Storage's, refuses a DELETE in any transaction that has
 * not said so first.
 * @param {import('pg').PoolClient} client
 */
export async function allowDelete(client) {
  await client.query("select set_config('storage.allow_delete_query', 'true', true)");
}

/**
 * @param {{ pool: import('pg').Pool, files: Awaited<ReturnType<typeof import('./objectFiles.mjs').createObjectFiles>> }} options
 */
export function createObjectStore({ pool, files }) {
  /**
   * @template T
   * @param {Claims} claims
   * @param {(client: import('pg').PoolClient) => Promise<T>} work
   * @returns {Promise<T>}
   */
  function asCaller(claims, work) {
    return inTransaction(pool, work, async (client) => {
      // In the same round trip: a token whose user has since been deleted or banned opens nothing.
      const { rows } = await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                $3::uuid is null or exists (select 1 from auth.users u where u.id = $3::uuid and u.deleted_at is null
                                              and (u.banned_until is null or u.banned_until <= now())) as active`,
        [claims.role, JSON.stringify(claims), subjectOf(claims)],
      );
      if (rows[0]?.active !== true) throw storageErrors.userRemoved();
    });
  }

  /** @param {Req} req @returns {Claims} */
  function callerClaims(req) {
    const claims = bearerClaims(req, JWT_SECRET, {
      missing: () => storageErrors.unauthorized('Missing authorization header'),
      invalid: (reason) => storageErrors.unauthorized(reason === 'expired' ? 'jwt expired' : 'invalid signature'),
    });
    if (typeof claims.role !== 'string' || !API_ROLES.has(claims.role)) {
      throw storageErrors.unauthorized(`role "${String(claims.role)}" may not use storage`);
    }
    return /** @type {Claims} */ (claims);
  }

  /**
   * The bytes an object written into this bucket may have: its own limit, never above the global one.
   * @param {{ file_size_limit: string | number | null }} bucket
   */
  function sizeLimitOf(bucket) {
    return Math.min(GLOBAL_FILE_SIZE_LIMIT, bucket.file_size_limit ? Number(bucket.file_size_limit) : Infinity);
  }

  /**
   * A stored object going into a bucket by move or copy meets the rules an upload there meets: the
   * bucket's size limit and allowed MIME types, judged on the size and type recorded at upload.
   * @param {string} bucketId @param {Record<string, any> | null} metadata
   */
  async function checkBucketRules(bucketId, metadata) {
    const bucket = await loadBucket(bucketId);
    if (Number(metadata?.size ?? 0) > sizeLimitOf(bucket)) throw storageErrors.tooLarge();
    checkMimeType(bucket.allowed_mime_types, String(metadata?.mimetype ?? 'application/octet-stream'));
  }

  /** @param {string} bucketId */
  async function loadBucket(bucketId) {
    const { rows } = await pool.query('select * from storage.buckets where id = $1', [bucketId]);
    if (!rows[0]) throw storageErrors.bucketNotFound();
    return rows[0];
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

  /** An object's row and body as anyone holding its link sees it (public bucket, signed URL). */
  async function findObject(/** @type {string} */ bucketId, /** @type {string} */ name) {
    const { rows } = await pool.query(
      'select name, version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (!rows[0]) throw storageErrors.objectNotFound();
    return rows[0];
  }

  /**
   * The statement that writes an object's row, as one place for an upload and for the check that a
   * caller may upload (a signed upload URL is only issued to who could write the object itself).
   * @param {import('pg').PoolClient} client @param {WriteMode} mode @param {unknown[]} values
   */
  async function writeRow(client, mode, values) {
    if (mode === 'update') {
      const result = await client.query(
        `update storage.objects set owner = $3, owner_id = $4, metadata = $5, version = $6, user_metadata = $7,
                last_accessed_at = now()
          where bucket_id = $1 and name = $2 returning id`,
        values,
      );
      if (result.rowCount === 0) throw storageErrors.objectNotFound();
      return /** @type {string} */ (result.rows[0].id);
    }
    const result = await client.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
       values ($1, $2, $3, $4, $5, $6, $7)
       ${mode === 'upsert' ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
         metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
         last_accessed_at = now()` : ''}
       returning id`,
      values,
    );
    return /** @type {string} */ (result.rows[0].id);
  }

  /**
   * Whether `claims` may write this object, tried and rolled back (storage-api's canUpload).
   * @param {Claims} claims @param {string} bucketId @param {string} name @param {WriteMode} mode
   */
  async function checkCanWrite(claims, bucketId, name, mode) {
    await loadBucket(bucketId);
    const tried = Symbol('tried');
    try {
      await asCaller(claims, async (client) => {
        const owner = ownerOf(claims);
        await writeRow(client, mode, [bucketId, name, owner, owner, {}, '1', null]);
        throw tried;
      });
    } catch (error) {
      if (error !== tried) throw error;
    }
  }

  /**
   * Upload (create, optionally upsert) or update one object: the body is staged and checked against
   * the bucket's limits before the row is written as `claims`; the old body goes once the row commits.
   * @param {Req} req
   * @param {{ bucket: string, name: string }} target
   * @param {WriteMode} mode
   * @param {Claims} claims
   * @param {string | null} owner
   */
  async function writeObject(req, target, mode, claims, owner) {
    const bucket = await loadBucket(target.bucket);
    const limit = sizeLimitOf(bucket);
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
    const { rows: previous } = await pool.query('select version from storage.objects where bucket_id = $1 and name = $2', [
      target.bucket,
      target.name,
    ]);
    let placed = false;
    try {
      const id = await asCaller(claims, async (client) => {
        const rowId = await writeRow(client, mode, [target.bucket, target.name, owner, owner, metadata, version, body.userMetadata]);
        await files.place(staged, version);
        placed = true;
        return rowId;
      });
      if (previous[0]?.version && previous[0].version !== version) await files.remove(previous[0].version);
      return { Key: `${target.bucket}/${target.name}`, Id: id };
    } catch (error) {
      if (placed) await files.remove(version);
      else await files.discard(staged);
      throw error;
    }
  }

  /** @param {Claims} claims @param {string} bucket @param {string[]} names */
  async function deleteObjects(claims, bucket, names) {
    if (names.length === 0) return [];
    const rows = await asCaller(claims, async (client) => {
      await allowDelete(client);
      return (
        await client.query(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
           returning id, bucket_id, name, owner, owner_id, metadata, version, created_at, updated_at, last_accessed_at`,
          [bucket, names],
        )
      ).rows;
    });
    for (const row of rows) await files.remove(row.version);
    return rows;
  }

  return { pool, files, asCaller, callerClaims, loadBucket, checkBucketRules, findVisibleObject, findObject, checkCanWrite, writeObject, deleteObjects };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user a token speaks for (none for the anon and service-role keys); a sub that is no user id matches no user. */
function subjectOf(/** @type {Claims} */ claims) {
  if (typeof claims.sub !== 'string' || claims.sub === '') return null;
  return UUID.test(claims.sub) ? claims.sub : '00000000-0000-0000-0000-000000000000';
}

/** Objects and buckets belong to the signed-in user who wrote them (none for anon and service role). */
export function ownerOf(/** @type {Claims} */ claims) {
  return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
}
