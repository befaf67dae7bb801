// @ts-check
// `/bucket…`: buckets as storage-api keeps and answers them — only the documented fields, the size
// limit a number, a partial update that keeps what it does not name.
import { readJsonBody, sendJson } from '../http.mjs';
import { validateBucketName } from './objectKeys.mjs';
import { allowDelete, ownerOf } from './objectStore.mjs';
import { storageErrors } from './storageErrors.mjs';

// The fields storage-api's bucket schema documents, in its order.
const BUCKET_FIELDS = 'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types';

/** @param {Record<string, unknown>} row */
function bucketOut(row) {
  return { ...row, file_size_limit: row.file_size_limit === null || row.file_size_limit === undefined ? null : Number(row.file_size_limit) };
}

/**
 * @param {import('./objectStore.mjs').ObjectStore} store
 * @returns {import('../router.mjs').Route[]}
 */
export function bucketRoutes({ pool, asCaller, callerClaims, deleteObjects }) {
  return [
    ['GET', '/bucket', async (req, res) => {
      const rows = await asCaller(callerClaims(req), async (client) =>
        (await client.query(`select ${BUCKET_FIELDS} from storage.buckets order by name`)).rows,
      );
      sendJson(res, 200, rows.map(bucketOut));
    }],
    ['GET', '/bucket/:id', async (req, res, { params }) => {
      const rows = await asCaller(callerClaims(req), async (client) =>
        (await client.query(`select ${BUCKET_FIELDS} from storage.buckets where id = $1`, [decodeURIComponent(params.id ?? '')])).rows,
      );
      if (!rows[0]) throw storageErrors.bucketNotFound();
      sendJson(res, 200, bucketOut(rows[0]));
    }],
    ['POST', '/bucket', async (req, res) => {
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
    ['PUT', '/bucket/:id', async (req, res, { params }) => {
      const claims = callerClaims(req);
      const body = /** @type {Record<string, unknown>} */ (await readJsonBody(req));
      // A partial update, as storage-api: what the request does not name is kept; an explicit null clears.
      /** @type {string[]} */
      const sets = [];
      /** @type {unknown[]} */
      const values = [decodeURIComponent(params.id ?? '')];
      const set = (/** @type {string} */ column, /** @type {unknown} */ value) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (typeof body.public === 'boolean') set('public', body.public);
      if ('file_size_limit' in body) set('file_size_limit', sizeLimit(body.file_size_limit));
      if ('allowed_mime_types' in body) set('allowed_mime_types', mimeTypes(body.allowed_mime_types));
      const updated = await asCaller(claims, (client) =>
        client.query(`update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`, values),
      );
      if (updated.rowCount === 0) throw storageErrors.bucketNotFound();
      sendJson(res, 200, { message: 'Successfully updated' });
    }],
    ['DELETE', '/bucket/:id', async (req, res, { params }) => {
      const bucket = decodeURIComponent(params.id ?? '');
      const claims = callerClaims(req);
      const { rowCount } = await pool.query('select 1 from storage.objects where bucket_id = $1 limit 1', [bucket]);
      if (rowCount) throw storageErrors.bucketNotEmpty();
      const deleted = await asCaller(claims, async (client) => {
        await allowDelete(client);
        return client.query('delete from storage.buckets where id = $1', [bucket]);
      });
      if (deleted.rowCount === 0) throw storageErrors.bucketNotFound();
      sendJson(res, 200, { message: 'Successfully deleted' });
    }],
    ['POST', '/bucket/:id/empty', async (req, res, { params }) => {
      const bucket = decodeURIComponent(params.id ?? '');
      const claims = callerClaims(req);
      const visible = await asCaller(claims, async (client) => (await client.query('select 1 from storage.buckets where id = $1', [bucket])).rowCount);
      if (!visible) throw storageErrors.bucketNotFound();
      const { rows } = await pool.query('select name from storage.objects where bucket_id = $1', [bucket]);
      await deleteObjects(claims, bucket, rows.map((row) => row.name));
      // storage-api empties in the background and says so; here it is done before the answer.
      sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    }],
  ];
}

/** @param {unknown} value @returns {number | null} */
export function sizeLimit(value) {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.floor(value);
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim()) : null;
  if (!match) throw storageErrors.invalidRequest('file_size_limit must be a number of bytes or a size such as "5MB"');
  // Decimal units, as storage-api: '20mb' is 20000000 bytes.
  const unit = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 }[/** @type {'b' | 'kb' | 'mb' | 'gb'} */ ((match[2] ?? 'b').toLowerCase())];
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
