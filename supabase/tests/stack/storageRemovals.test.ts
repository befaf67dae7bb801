// The storage-removal worker: an object the database queued for removal (a person's erasure) is removed
// through the Storage API, bytes and all; a removal that fails (the API away) is kept, with its error,
// and tried again later until it succeeds. Each case runs inside one transaction the stack's own
// worker cannot see, so only the worker called here claims the queued row.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeQueuedObjects } from '../../local/storage/storageRemovals.mjs';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from './testStack';

const stack = testStack();
const BUCKET = 'record-files';
const errors: string[] = [];
const log = { error: (message: string) => void errors.push(message) };
let org: SignedUpOrganization;
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'Removal Worker');
});
afterAll(async () => {
  await db.end();
});

/** An object uploaded by the organisation (no row claims it), with where its bytes are. */
async function storedObject() {
  const { data: organization } = await org.client.from('organizations').select('id').eq('name', org.orgName).single();
  const name = `${(organization as { id: string }).id}/${crypto.randomUUID()}`;
  expect((await org.client.storage.from(BUCKET).upload(name, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })).error).toBeNull();
  const { rows } = await db.query<{ version: string }>('select version from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name]);
  const body = path.join(stack.dataDir, 'storage', 'objects', rows[0]!.version);
  expect(existsSync(body)).toBe(true);
  return { name, body };
}

describe('removing queued objects', () => {
  it('keeps a removal the Storage API could not do, with its error, and does it on a later try: row and bytes gone', async () => {
    const object = await storedObject();
    await db.query('begin');
    try {
      const { rows } = await db.query<{ id: string }>(`insert into app.storage_removals (bucket_id, name, reason) values ($1, $2, 'erasure') returning id`, [BUCKET, object.name]);
      const id = rows[0]!.id;
      const state = async () => (await db.query('select attempts, removed_at is not null as removed, last_error is not null as failed, next_attempt_at > now() as later from app.storage_removals where id = $1', [id])).rows[0];

      // The API cannot be reached: the removal stays, with the error, for a later try; the bytes stay.
      // (Other files' erasures, committed, may be claimed along with it: only this row is looked at.)
      const run = (apiUrl: string) => removeQueuedObjects({ apiUrl, serviceRoleKey: stack.serviceRoleKey, pool: db as unknown as pg.Pool, log });
      expect(await run('http://127.0.0.1:9')).toBeGreaterThanOrEqual(1);
      expect(await state()).toEqual({ attempts: 1, removed: false, failed: true, later: true });
      expect(errors.join('\n')).toMatch(/removing 1 object\(s\) of record-files failed/);
      expect(existsSync(object.body)).toBe(true);
      // Not offered again before its time.
      await run(stack.apiUrl);
      expect(await state()).toEqual({ attempts: 1, removed: false, failed: true, later: true });
      expect(existsSync(object.body)).toBe(true);

      // Its time comes: removed through the Storage API, row and bytes.
      await db.query('update app.storage_removals set next_attempt_at = now() where id = $1', [id]);
      expect(await run(stack.apiUrl)).toBeGreaterThanOrEqual(1);
      expect(await state()).toEqual({ attempts: 2, removed: true, failed: false, later: true });
      expect(existsSync(object.body)).toBe(false);
    } finally {
      await db.query('rollback');
    }
    expect((await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, object.name])).rows).toEqual([]);
  });

  it('counts an object already gone as removed', async () => {
    await db.query('begin');
    try {
      const { rows } = await db.query<{ id: string }>(`insert into app.storage_removals (bucket_id, name, reason) values ($1, 'no-such-folder/no-such-object', 'erasure') returning id`, [BUCKET]);
      expect(await removeQueuedObjects({ apiUrl: stack.apiUrl, serviceRoleKey: stack.serviceRoleKey, pool: db as unknown as pg.Pool, log })).toBeGreaterThanOrEqual(1);
      const { rows: after } = await db.query('select removed_at is not null as removed, last_error from app.storage_removals where id = $1', [rows[0]!.id]);
      expect(after).toEqual([{ removed: true, last_error: null }]);
    } finally {
      await db.query('rollback');
    }
  });
});
