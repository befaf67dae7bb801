// @ts-check
// `/object/…` as the caller: upload, update, download (private and public), info, list (v1 and v2),
// move, copy and delete. The generic `/object/:bucket/*` routes rank below every fixed route family
// (router.mjs), so `upload/sign`, `list-v2`, `public`, `info` are never taken for a bucket.
import { randomUUID } from 'node:crypto';
import { readJsonBody, sendJson } from '../http.mjs';
import { bucketAndKey, validateBucketName, validateKey } from './objectKeys.mjs';
import { listFolder, listObjectsV2 } from './listing.mjs';
import { ownerOf } from './objectStore.mjs';
import { sendObject } from './objectTransfer.mjs';
import { storageErrors } from './storageErrors.mjs';

/**
 * @param {import('./objectStore.mjs').ObjectStore} store
 * @returns {import('../router.mjs').Route[]}
 */
export function objectRoutes(store) {
  const { files, asCaller, callerClaims, loadBucket, checkBucketRules, findVisibleObject, findObject, writeObject, deleteObjects } = store;

  /** @param {{ params: Record<string, string>, rest: string }} match */
  const target = ({ params, rest }) => bucketAndKey([params.bucket ?? '', ...rest.split('/')]);
  /** @param {Record<string, string>} params */
  const bucketParam = (params) => {
    const bucket = decodeURIComponent(params.bucket ?? '');
    validateBucketName(bucket);
    return bucket;
  };

  /** @type {import('../router.mjs').RouteHandler} */
  const info = async (req, res, match) => {
    const { bucket, name } = target(match);
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
  };

  /** @type {import('../router.mjs').RouteHandler} */
  const download = async (req, res, match) => {
    const { bucket, name } = target(match);
    await sendObject(files, req, res, await findVisibleObject(callerClaims(req), bucket, name), match.query);
  };

  /** @type {import('../router.mjs').RouteHandler} */
  const refusePathWithoutBucket = async () => {
    // Typically a path such as "../file.png": the client resolved the dot segment away, bucket included.
    throw storageErrors.invalidRequest('The path must name a bucket and an object: /object/{bucket}/{path}');
  };

  return [
    ['GET|HEAD', '/object/public/:bucket/*', async (req, res, match) => {
      const { bucket: bucketId, name } = target(match);
      const bucket = await loadBucket(bucketId).catch(() => null);
      if (!bucket?.public) throw storageErrors.objectNotFound();
      await sendObject(files, req, res, await findObject(bucketId, name), match.query);
    }],
    ['GET|HEAD', '/object/info/:bucket/*', info],
    ['GET|HEAD', '/object/info/authenticated/:bucket/*', info],
    ['GET|HEAD', '/object/info/public/:bucket/*', info],
    ['POST', '/object/list/:bucket', async (req, res, { params }) => {
      const bucket = bucketParam(params);
      const claims = callerClaims(req);
      sendJson(res, 200, await listFolder(store, claims, bucket, /** @type {Record<string, any>} */ (await readJsonBody(req))));
    }],
    ['POST', '/object/list-v2/:bucket', async (req, res, { params }) => {
      const bucket = bucketParam(params);
      const claims = callerClaims(req);
      await loadBucket(bucket);
      sendJson(res, 200, await listObjectsV2(store, claims, bucket, /** @type {Record<string, any>} */ (await readJsonBody(req))));
    }],
    ['POST', '/object/move', async (req, res) => {
      const claims = callerClaims(req);
      const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(await readJsonBody(req));
      await asCaller(claims, async (client) => {
        // The row is read and locked as the caller, so a refusal tells nothing of objects they cannot see.
        const { rows } = await client.query(
          'select metadata from storage.objects where bucket_id = $1 and name = $2 for update',
          [bucketId, sourceKey],
        );
        if (!rows[0]) throw storageErrors.objectNotFound();
        await checkBucketRules(destinationBucket, rows[0].metadata);
        const { rowCount } = await client.query(
          'update storage.objects set bucket_id = $3, name = $4 where bucket_id = $1 and name = $2',
          [bucketId, sourceKey, destinationBucket, destinationKey],
        );
        if (rowCount === 0) throw storageErrors.objectNotFound();
      });
      sendJson(res, 200, { message: 'Successfully moved' });
    }],
    ['POST', '/object/copy', async (req, res) => {
      const claims = callerClaims(req);
      const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(await readJsonBody(req));
      const source = await findVisibleObject(claims, bucketId, sourceKey);
      await checkBucketRules(destinationBucket, source.metadata);
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
    ['GET|HEAD', '/object/authenticated/:bucket/*', download],
    ['GET|HEAD', '/object/:bucket/*', download],
    ['POST', '/object/:bucket/*', async (req, res, match) => {
      const claims = callerClaims(req);
      const mode = String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true' ? 'upsert' : 'create';
      sendJson(res, 200, await writeObject(req, target(match), mode, claims, ownerOf(claims)));
    }],
    ['PUT', '/object/:bucket/*', async (req, res, match) => {
      const claims = callerClaims(req);
      sendJson(res, 200, await writeObject(req, target(match), 'update', claims, ownerOf(claims)));
    }],
    ['POST|PUT', '/object', refusePathWithoutBucket],
    ['POST|PUT', '/object/:bucket', refusePathWithoutBucket],
    ['DELETE', '/object/:bucket', async (req, res, { params }) => {
      const bucket = bucketParam(params);
      const claims = callerClaims(req);
      const body = /** @type {{ prefixes?: unknown }} */ (await readJsonBody(req));
      if (!Array.isArray(body.prefixes) || !body.prefixes.every((p) => typeof p === 'string')) {
        throw storageErrors.invalidRequest('prefixes must be an array of object paths');
      }
      sendJson(res, 200, await deleteObjects(claims, bucket, /** @type {string[]} */ (body.prefixes)));
    }],
    ['DELETE', '/object/:bucket/*', async (req, res, match) => {
      const { bucket, name } = target(match);
      const deleted = await deleteObjects(callerClaims(req), bucket, [name]);
      if (deleted.length === 0) throw storageErrors.objectNotFound();
      sendJson(res, 200, { message: 'Successfully deleted' });
    }],
  ];

  /** @param {unknown} raw */
  function moveOrCopyBody(raw) {
    const body = /** @type {Record<string, unknown>} */ (raw);
    const { bucketId, sourceKey, destinationKey } = body;
    const destinationBucket = body.destinationBucket ?? bucketId;
    if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string' || typeof destinationBucket !== 'string') {
      throw storageErrors.invalidRequest('bucketId, sourceKey and destinationKey are required');
    }
    validateKey(sourceKey);
    validateKey(destinationKey);
    validateBucketName(destinationBucket);
    return { bucketId, sourceKey, destinationKey, destinationBucket };
  }
}
