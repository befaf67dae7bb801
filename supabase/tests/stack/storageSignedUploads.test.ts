import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, createTestClient, testStack, uniqueEmail } from './testStack';

// Signed upload URLs and list-v2 through supabase-js, as storage-api answers them; buckets named
// like a route family's fixed segment ("upload", "list-v2") exist throughout and must stay empty.
const stack = testStack();
const BUCKET = `signed-${randomUUID().slice(0, 8)}`;
const DECOYS = ['upload', 'list-v2'];
const PASSWORD = 'correct-horse-9';

let db: pg.Client;
let owner: { client: SupabaseClient; id: string };
let stranger: { client: SupabaseClient; id: string };
const service = () => createTestClient(stack.apiUrl, stack.serviceRoleKey).storage;

async function signedInUser() {
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { data, error } = await client.auth.signUp({ email: uniqueEmail('signed'), password: PASSWORD });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  return { client, id: data.user.id };
}

async function rows(bucket: string) {
  const result = await db.query('select name, owner_id from storage.objects where bucket_id = $1 order by name', [bucket]);
  return result.rows as { name: string; owner_id: string | null }[];
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  for (const id of [BUCKET, ...DECOYS]) {
    await db.query(`insert into storage.buckets (id, name, public) values ($1, $1, false) on conflict (id) do nothing`, [id]);
  }
  // Each user writes and reads below their own folder, in this bucket and in the decoys alike.
  await db.query(`
    drop policy if exists signed_upload_tests on storage.objects;
    create policy signed_upload_tests on storage.objects for all to authenticated
      using (bucket_id in ('${BUCKET}', 'upload', 'list-v2') and (storage.foldername(name))[1] = auth.uid()::text)
      with check (bucket_id in ('${BUCKET}', 'upload', 'list-v2') and (storage.foldername(name))[1] = auth.uid()::text);
  `);
  owner = await signedInUser();
  stranger = await signedInUser();
});

afterAll(async () => {
  for (const id of [BUCKET, ...DECOYS]) {
    await service().emptyBucket(id);
    await service().deleteBucket(id);
  }
  await db.query('drop policy if exists signed_upload_tests on storage.objects');
  await db.end();
});

describe('signed upload URLs', () => {
  it('lets whoever holds the URL upload that one object, owned by the user who asked for it', async () => {
    const path = `${owner.id}/signed/report.txt`;
    const signed = await owner.client.storage.from(BUCKET).createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(`/storage/v1/object/upload/sign/${BUCKET}/${path}?token=`);

    // The holder need not be signed in: the anon key and the token are enough.
    const holder = createTestClient(stack.apiUrl, stack.anonKey);
    const uploaded = await holder.storage.from(BUCKET).uploadToSignedUrl(path, signed.data!.token, 'quarterly figures', {
      contentType: 'text/plain',
    });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toEqual({ path, fullPath: `${BUCKET}/${path}` });

    const downloaded = await owner.client.storage.from(BUCKET).download(path);
    expect(await downloaded.data?.text()).toBe('quarterly figures');
    expect(await rows(BUCKET)).toContainEqual({ name: path, owner_id: owner.id });
    for (const decoy of DECOYS) expect(await rows(decoy)).toEqual([]);
  });

  it('is not issued for an object the caller could not write, and nothing is written', async () => {
    const path = `${stranger.id}/not-yours.txt`;
    const signed = await owner.client.storage.from(BUCKET).createSignedUploadUrl(path);
    expect(signed.data).toBeNull();
    expect(signed.error && 'statusCode' in signed.error ? signed.error.statusCode : null).toBe('403');
    expect((await rows(BUCKET)).map((row) => row.name)).not.toContain(path);
  });

  it('opens only the object it was signed for, and only for upload', async () => {
    const path = `${owner.id}/only-this.txt`;
    const { data } = await owner.client.storage.from(BUCKET).createSignedUploadUrl(path);
    const holder = createTestClient(stack.apiUrl, stack.anonKey).storage.from(BUCKET);

    const elsewhere = await holder.uploadToSignedUrl(`${owner.id}/other.txt`, data!.token, 'x', { contentType: 'text/plain' });
    expect(elsewhere.error?.message).toBe('Invalid signature');

    // A download link's token is no upload token, and an upload token opens no download.
    await owner.client.storage.from(BUCKET).upload(`${owner.id}/existing.txt`, 'kept', { contentType: 'text/plain' });
    const download = await owner.client.storage.from(BUCKET).createSignedUrl(`${owner.id}/existing.txt`, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const misused = await holder.uploadToSignedUrl(`${owner.id}/existing.txt`, downloadToken, 'overwritten', { contentType: 'text/plain' });
    expect(misused.error?.message).toBe('Token is not scoped for upload');
    const response = await fetch(`${stack.apiUrl}/storage/v1/object/sign/${BUCKET}/${path}?token=${data!.token}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Token is not scoped for download' });

    const kept = await owner.client.storage.from(BUCKET).download(`${owner.id}/existing.txt`);
    expect(await kept.data?.text()).toBe('kept');
    expect((await rows(BUCKET)).map((row) => row.name)).not.toContain(`${owner.id}/other.txt`);
  });

  it('does not replace an existing object unless the URL was signed with upsert', async () => {
    const path = `${owner.id}/replace-me.txt`;
    await owner.client.storage.from(BUCKET).upload(path, 'first', { contentType: 'text/plain' });
    const holder = createTestClient(stack.apiUrl, stack.anonKey).storage.from(BUCKET);

    const refused = await owner.client.storage.from(BUCKET).createSignedUploadUrl(path);
    expect(refused.error?.message).toBe('The resource already exists');

    const upsert = await owner.client.storage.from(BUCKET).createSignedUploadUrl(path, { upsert: true });
    expect(upsert.error).toBeNull();
    const replaced = await holder.uploadToSignedUrl(path, upsert.data!.token, 'second', { contentType: 'text/plain' });
    expect(replaced.error).toBeNull();
    const downloaded = await owner.client.storage.from(BUCKET).download(path);
    expect(await downloaded.data?.text()).toBe('second');
  });
});

describe('list-v2', () => {
  const folder = () => `${owner.id}/listing/`;

  beforeAll(async () => {
    const bucket = owner.client.storage.from(BUCKET);
    for (const name of ['b.txt', 'a.txt', 'sub/one.txt', 'sub/two.txt', 'deeper/x/y.txt']) {
      const { error } = await bucket.upload(`${folder()}${name}`, name, { contentType: 'text/plain' });
      expect(error).toBeNull();
    }
  });

  it('lists full keys in key order, flat by default', async () => {
    const { data, error } = await owner.client.storage.from(BUCKET).listV2({ prefix: folder() });
    expect(error).toBeNull();
    expect(data?.hasNext).toBe(false);
    expect(data?.folders).toEqual([]);
    expect(data?.objects.map((object) => object.name)).toEqual(
      ['a.txt', 'b.txt', 'deeper/x/y.txt', 'sub/one.txt', 'sub/two.txt'].map((name) => `${folder()}${name}`),
    );
    expect(data?.objects[0]).toMatchObject({ id: expect.any(String), metadata: expect.objectContaining({ mimetype: 'text/plain' }) });
  });

  it('groups keys below the next "/" into folders with with_delimiter', async () => {
    const { data } = await owner.client.storage.from(BUCKET).listV2({ prefix: folder(), with_delimiter: true });
    expect(data?.folders.map((entry) => entry.name)).toEqual([`${folder()}deeper/`, `${folder()}sub/`]);
    // storage-js reads a folder's key without the trailing "/".
    expect(data?.folders.map((entry) => entry.key)).toEqual([`${folder()}deeper`, `${folder()}sub`]);
    expect(data?.objects.map((object) => object.name)).toEqual([`${folder()}a.txt`, `${folder()}b.txt`]);
  });

  it('pages with limit and the cursor it returns, every key exactly once', async () => {
    const bucket = owner.client.storage.from(BUCKET);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const { data, error } = await bucket.listV2({ prefix: folder(), limit: 2, ...(cursor ? { cursor } : {}) });
      expect(error).toBeNull();
      seen.push(...(data?.objects ?? []).map((object) => object.name));
      if (!data?.hasNext) break;
      cursor = data.nextCursor;
    }
    expect(seen).toEqual(['a.txt', 'b.txt', 'deeper/x/y.txt', 'sub/one.txt', 'sub/two.txt'].map((name) => `${folder()}${name}`));
  });

  it('shows a user only what the policies let them read', async () => {
    const { data } = await stranger.client.storage.from(BUCKET).listV2({ prefix: folder() });
    expect(data?.objects).toEqual([]);
    for (const decoy of DECOYS) expect(await rows(decoy)).toEqual([]);
  });
});

describe('buckets as the clients read them', () => {
  it('answers only the documented fields, the size limit as a number', async () => {
    const id = `fields-${randomUUID().slice(0, 8)}`;
    expect((await service().createBucket(id, { public: false, fileSizeLimit: '2mb', allowedMimeTypes: ['image/png'] })).error).toBeNull();
    try {
      const { data } = await service().getBucket(id);
      expect(Object.keys(data ?? {}).sort()).toEqual(
        ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at'],
      );
      expect(data?.file_size_limit).toBe(2_000_000);
      const listed = (await service().listBuckets()).data?.find((bucket) => bucket.id === id);
      expect(listed?.file_size_limit).toBe(2_000_000);
    } finally {
      await service().deleteBucket(id);
    }
  });

  it('empties a bucket with storage-api’s words', async () => {
    const id = `empty-${randomUUID().slice(0, 8)}`;
    await service().createBucket(id, { public: false });
    await service().from(id).upload('a.txt', 'a', { contentType: 'text/plain' });
    const { data, error } = await service().emptyBucket(id);
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect(await rows(id)).toEqual([]);
    await service().deleteBucket(id);
  });
});
