// @ts-check
// Removes the stored objects the database has queued for removal (app.storage_removals: a person's
// erasure) through the Storage API, as service role, so the bytes go with the rows: here the bodies on
// the stack's disk, hosted the S3 objects behind Supabase Storage (which refuses a SQL delete of
// storage.objects and would keep the bytes if it allowed one). A removal that fails is tried again
// later (the database decides when) until the API has done it; an object already gone counts as
// removed. A hosted deployment runs this same file as a worker, with the project's URL, service-role
// key and database URL (docs/deploy.md):
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=… DATABASE_URL=postgresql://… \
//     node supabase/local/storage/storageRemovals.mjs
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createLogger } from '../log.mjs';
import { startPollLoop } from '../pollLoop.mjs';

/** How often the queue is looked at; an erased person's files wait at most this long. */
const POLL_MS = Number(process.env.STEWARD_STORAGE_REMOVALS_POLL_MS ?? 1000);
/** At most this many keys go in one Storage API call (its limit is 1,000). */
const BATCH = 100;

/**
 * One batch: claim, remove per bucket through `DELETE {apiUrl}/storage/v1/object/{bucket}`, record.
 * @param {{ apiUrl: string, serviceRoleKey: string, pool: import('pg').Pool, log: Pick<import('../log.mjs').Logger, 'error'> }} options
 * @returns {Promise<number>} how many removals were claimed
 */
export async function removeQueuedObjects({ apiUrl, serviceRoleKey, pool, log }) {
  const { rows } = await pool.query('select id, bucket_id, name from app.claim_storage_removals($1)', [BATCH]);
  /** @type {Map<string, { id: string, name: string }[]>} */
  const byBucket = new Map();
  for (const row of rows) byBucket.set(row.bucket_id, [...(byBucket.get(row.bucket_id) ?? []), row]);
  for (const [bucket, removals] of byBucket) {
    let failure = null;
    try {
      const response = await fetch(`${apiUrl}/storage/v1/object/${encodeURIComponent(bucket)}`, {
        method: 'DELETE',
        headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prefixes: removals.map((removal) => removal.name) }),
      });
      // 200 with the objects removed; a key that no longer exists is simply not in the list.
      if (!response.ok) failure = `${response.status} ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      failure = /** @type {Error} */ (error)?.message ?? String(error);
    }
    if (failure) log.error(`storage removals: removing ${removals.length} object(s) of ${bucket} failed: ${failure}`);
    for (const removal of removals) await pool.query('select app.finish_storage_removal($1, $2)', [removal.id, failure]);
  }
  return rows.length;
}

/**
 * @param {{ apiUrl: string, serviceRoleKey: string, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 */
export function startStorageRemovals({ apiUrl, serviceRoleKey, pool, log }) {
  return startPollLoop({
    name: 'storage removals',
    pollMs: POLL_MS,
    batchSize: BATCH,
    runBatch: () => removeQueuedObjects({ apiUrl, serviceRoleKey, pool, log }),
    log,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { SUPABASE_URL: apiUrl, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey, DATABASE_URL: dbUrl } = process.env;
  if (!apiUrl || !serviceRoleKey || !dbUrl) {
    console.error('Set SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and DATABASE_URL (the project\'s, as in docs/deploy.md).');
    process.exit(2);
  }
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const log = createLogger('info');
  pool.on('error', (error) => log.debug(`db pool: ${error.message}`));
  const loop = startStorageRemovals({ apiUrl, serviceRoleKey, pool, log });
  log.info(`storage removals: removing queued objects through ${apiUrl}/storage/v1`);
  const stop = async () => {
    await loop.stop();
    await pool.end();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
