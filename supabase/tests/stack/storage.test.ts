import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, createTestClient, testStack, uniqueEmail } from './testStack';

const stack = testStack();
// Buckets of this test only; the project's own buckets come from its migrations.
const BUCKET = 'stack-tests';
const PRIVATE_BUCKET = 'stack-tests-private';
const SIZE_LIMIT = 64 * 1024;
const PASSWORD = 'correct-horse-9';

let db: pg.Client;
let owner: { client: SupabaseClient; id: string; token: string };
let stranger: { client: SupabaseClient; id: string };

async function signedInUser() {
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { data, error } = await client.auth.signUp({ email: uniqueEmail('storage'), password: PASSWORD });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  return { client, id: data.user.id, token: data.session.access_token };
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  // Policies in the shape the project uses: each user writes and reads only below their own folder.
  await db.query(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('${BUCKET}', '${BUCKET}', true, ${SIZE_LIMIT}, array['text/plain', 'image/*', 'application/octet-stream']),
           ('${PRIVATE_BUCKET}', '${PRIVATE_BUCKET}', false, null, null)
    on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
                                   allowed_mime_types = excluded.allowed_mime_types;
    drop policy if exists stack_tests_own_folder on storage.objects;
    create policy stack_tests_own_folder on storage.objects for all to authenticated
      using (bucket_id in ('${BUCKET}', '${PRIVATE_BUCKET}') and (storage.foldername(name))[1] = auth.uid()::text)
      with check (bucket_id in ('${BUCKET}', '${PRIVATE_BUCKET}') and (storage.foldername(name))[1] = auth.uid()::text);
  `);
  owner = await signedInUser();
  stranger = await signedInUser();
});

afterAll(async () => {
  await db.query('drop policy if exists stack_tests_own_folder on storage.objects');
  await db.end();
});

async function objectRow(bucket: string, name: string) {
  const { rows } = await db.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
  return rows[0] ?? null;
}

/** Bodies on disk that no storage.objects row refers to: what a half-written upload would leave. */
async function orphanedBodies() {
  const objectsDir = path.join(stack.dataDir, 'storage', 'objects');
  if (!existsSync(objectsDir)) throw new Error(`object bodies are expected under ${objectsDir}`);
  const { rows } = await db.query('select version from storage.objects where version is not null');
  const known = new Set(rows.map((row) => row.version));
  const orphans = readdirSync(objectsDir).filter((file) => !known.has(file));
  const staged = readdirSync(path.join(stack.dataDir, 'storage', 'tmp'));
  return [...orphans, ...staged];
}

/** A request exactly as written: fetch would resolve "." and ".." segments before sending. */
function rawRequest(method: string, urlPath: string, headers: Record<string, string>, body: string) {
  const url = new URL(stack.apiUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path: urlPath, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('upload, update, download', () => {
  it('uploads a Buffer and answers { Key, Id } like Supabase Storage', async () => {
    const key = `${owner.id}/raw.txt`;
    const response = await fetch(`${stack.apiUrl}/storage/v1/object/${BUCKET}/${key}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'text/plain', 'x-upsert': 'false' },
      body: 'raw body',
    });
    const row = await objectRow(BUCKET, key);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Key: `${BUCKET}/${key}`, Id: row.id });
    expect(row.owner).toBe(owner.id);
    expect(row.metadata).toMatchObject({ size: 8, mimetype: 'text/plain', cacheControl: 'max-age=3600' });
  });

  it('uploads through supabase-js and downloads the same bytes and content type', async () => {
    const key = `${owner.id}/hello.txt`;
    const uploaded = await owner.client.storage.from(BUCKET).upload(key, Buffer.from('hello storage'), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.fullPath).toBe(`${BUCKET}/${key}`);

    const downloaded = await owner.client.storage.from(BUCKET).download(key);
    expect(downloaded.error).toBeNull();
    expect(await downloaded.data?.text()).toBe('hello storage');
    expect(downloaded.data?.type).toBe('text/plain');
  });

  it('uploads a browser File (multipart, empty field name) keeping its type', async () => {
    const key = `${owner.id}/logo.png`;
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    const file = new File([bytes], 'logo.png', { type: 'image/png' });
    const uploaded = await owner.client.storage.from(BUCKET).upload(key, file, { cacheControl: '120' });
    expect(uploaded.error).toBeNull();

    const downloaded = await owner.client.storage.from(BUCKET).download(key);
    expect(new Uint8Array(await (downloaded.data as Blob).arrayBuffer())).toEqual(bytes);
    expect(downloaded.data?.type).toBe('image/png');
    expect((await objectRow(BUCKET, key)).metadata.cacheControl).toBe('max-age=120');
  });

  it('update replaces the body and removes the replaced one from disk', async () => {
    const key = `${owner.id}/versioned.txt`;
    await owner.client.storage.from(BUCKET).upload(key, Buffer.from('first'), { contentType: 'text/plain' });
    const before = await objectRow(BUCKET, key);
    const updated = await owner.client.storage.from(BUCKET).update(key, Buffer.from('second'), { contentType: 'text/plain' });
    const after = await objectRow(BUCKET, key);

    expect(updated.error).toBeNull();
    expect(after.id).toBe(before.id);
    expect(after.version).not.toBe(before.version);
    expect(existsSync(path.join(stack.dataDir, 'storage', 'objects', before.version))).toBe(false);
    expect(await (await owner.client.storage.from(BUCKET).download(key)).data?.text()).toBe('second');
  });

  it('answers 409 Duplicate for an existing object without upsert, and replaces it with upsert', async () => {
    const key = `${owner.id}/twice.txt`;
    await owner.client.storage.from(BUCKET).upload(key, Buffer.from('one'), { contentType: 'text/plain' });
    const response = await fetch(`${stack.apiUrl}/storage/v1/object/${BUCKET}/${key}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'text/plain' },
      body: 'two',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });

    const upserted = await owner.client.storage.from(BUCKET).upload(key, Buffer.from('three'), { contentType: 'text/plain', upsert: true });
    expect(upserted.error).toBeNull();
    expect(await (await owner.client.storage.from(BUCKET).download(key)).data?.text()).toBe('three');
  });
});

describe('public objects', () => {
  it('serves a public bucket object without any auth header, with Content-Type and Cache-Control', async () => {
    const key = `${owner.id}/public.txt`;
    await owner.client.storage.from(BUCKET).upload(key, Buffer.from('for everyone'), { contentType: 'text/plain', cacheControl: '600' });
    const { publicUrl } = owner.client.storage.from(BUCKET).getPublicUrl(key).data;
    expect(publicUrl).toBe(`${stack.apiUrl}/storage/v1/object/public/${BUCKET}/${key}`);

    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('for everyone');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('cache-control')).toBe('max-age=600');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');

    const download = await fetch(`${publicUrl}?download`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="public.txt"/);
  });

  it('does not serve objects of a private bucket at the public URL', async () => {
    const key = `${owner.id}/secret.txt`;
    const uploaded = await owner.client.storage.from(PRIVATE_BUCKET).upload(key, Buffer.from('secret'), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    const response = await fetch(owner.client.storage.from(PRIVATE_BUCKET).getPublicUrl(key).data.publicUrl);

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('serves a signed URL without headers until it expires', async () => {
    const key = `${owner.id}/signed.txt`;
    await owner.client.storage.from(PRIVATE_BUCKET).upload(key, Buffer.from('signed body'), { contentType: 'text/plain' });
    const { data, error } = await owner.client.storage.from(PRIVATE_BUCKET).createSignedUrl(key, 60);
    expect(error).toBeNull();

    const response = await fetch(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed body');
    const tampered = await fetch((data?.signedUrl ?? '').replace('signed.txt', 'other.txt'));
    expect(tampered.status).toBe(400);
  });
});

describe('authorisation by storage.objects policies, evaluated as the caller', () => {
  it('refuses an upload into another user’s folder with 403 and writes nothing', async () => {
    const key = `${owner.id}/intruder.txt`;
    const { error } = await stranger.client.storage.from(BUCKET).upload(key, Buffer.from('x'), { contentType: 'text/plain' });

    expect(error && 'statusCode' in error ? error.statusCode : null).toBe('403');
    expect(error?.message).toMatch(/row-level security/);
    expect(await objectRow(BUCKET, key)).toBeNull();
    expect(await orphanedBodies()).toEqual([]);
  });

  it('hides another user’s object from download, info and list', async () => {
    const key = `${owner.id}/private-note.txt`;
    await owner.client.storage.from(PRIVATE_BUCKET).upload(key, Buffer.from('mine'), { contentType: 'text/plain' });
    const downloaded = await stranger.client.storage.from(PRIVATE_BUCKET).download(key);
    const listed = await stranger.client.storage.from(PRIVATE_BUCKET).list(owner.id);

    expect(downloaded.data).toBeNull();
    expect(downloaded.error && 'statusCode' in downloaded.error ? downloaded.error.statusCode : null).toBe('404');
    expect(await stranger.client.storage.from(PRIVATE_BUCKET).exists(key)).toMatchObject({ data: false });
    expect(listed.data).toEqual([]);
  });

  it('lets the anon key upload nothing where policies admit only signed-in users', async () => {
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    const { error } = await anon.storage.from(BUCKET).upload(`${owner.id}/anon.txt`, Buffer.from('x'), { contentType: 'text/plain' });

    expect(error && 'statusCode' in error ? error.statusCode : null).toBe('403');
    expect(await objectRow(BUCKET, `${owner.id}/anon.txt`)).toBeNull();
  });
});

describe('bad input: a clear error and nothing half-written', () => {
  it('refuses an upload over the bucket size limit with 413', async () => {
    const key = `${owner.id}/too-big.bin`;
    const { error } = await owner.client.storage
      .from(BUCKET)
      .upload(key, Buffer.alloc(SIZE_LIMIT + 1, 7), { contentType: 'application/octet-stream' });

    expect(error && 'statusCode' in error ? error.statusCode : null).toBe('413');
    expect(error?.message).toBe('The object exceeded the maximum allowed size');
    expect(await objectRow(BUCKET, key)).toBeNull();
    expect(await orphanedBodies()).toEqual([]);
  });

  it('accepts an upload of exactly the size limit', async () => {
    const key = `${owner.id}/just-fits.bin`;
    const { error } = await owner.client.storage.from(BUCKET).upload(key, Buffer.alloc(SIZE_LIMIT, 7), { contentType: 'application/octet-stream' });

    expect(error).toBeNull();
    expect((await objectRow(BUCKET, key)).metadata.size).toBe(SIZE_LIMIT);
  });

  it('refuses a MIME type the bucket does not allow with 415', async () => {
    const key = `${owner.id}/doc.pdf`;
    const { error } = await owner.client.storage.from(BUCKET).upload(key, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' });

    expect(error && 'statusCode' in error ? error.statusCode : null).toBe('415');
    expect(error?.message).toBe('mime type application/pdf is not supported');
    expect(await objectRow(BUCKET, key)).toBeNull();
    expect(await orphanedBodies()).toEqual([]);
  });

  it.each([
    ['a literal ".." segment', (id: string) => `${id}/../escape.txt`],
    ['a percent-encoded ".." segment', (id: string) => `${id}/%2E%2E/escape.txt`],
    ['a "." segment', (id: string) => `${id}/./escape.txt`],
  ])('refuses a key with %s with 400 InvalidKey', async (_label, keyFor) => {
    const response = await rawRequest(
      'POST',
      `/storage/v1/object/${BUCKET}/${keyFor(owner.id)}`,
      { apikey: stack.anonKey, authorization: `Bearer ${owner.token}`, 'content-type': 'text/plain' },
      'escape attempt',
    );

    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    expect(JSON.parse(response.body).message).toContain('path segments "." and ".." are not allowed');
    const { rows } = await db.query(`select count(*)::int as n from storage.objects where name like '%escape.txt'`);
    expect(rows[0].n).toBe(0);
    expect(await orphanedBodies()).toEqual([]);
  });

  it('gives a clear error for "../file" through supabase-js, whose URL handling drops the bucket', async () => {
    // fetch resolves "/object/stack-tests/../x.txt" to "/object/x.txt" before sending.
    const { error } = await owner.client.storage.from(BUCKET).upload('../x.txt', Buffer.from('x'), { contentType: 'text/plain' });

    expect(error && 'statusCode' in error ? error.statusCode : null).toBe('400');
    expect(error?.message).toBe('The path must name a bucket and an object: /object/{bucket}/{path}');
  });

  it('answers 404 Bucket not found for an unknown bucket', async () => {
    const { error } = await owner.client.storage.from('no-such-bucket').upload(`${owner.id}/x.txt`, Buffer.from('x'), { contentType: 'text/plain' });

    expect(error && 'statusCode' in error ? error.statusCode : null).toBe('404');
    expect(error?.message).toBe('Bucket not found');
    expect(await orphanedBodies()).toEqual([]);
  });
});

describe('list, info, move, copy, remove', () => {
  it('lists one folder level with files and sub-folders', async () => {
    const folder = `${owner.id}/album`;
    for (const name of ['b.txt', 'a.txt', 'nested/c.txt']) {
      await owner.client.storage.from(BUCKET).upload(`${folder}/${name}`, Buffer.from(name), { contentType: 'text/plain' });
    }
    const { data, error } = await owner.client.storage.from(BUCKET).list(folder);

    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt', 'nested']);
    expect(data?.find((entry) => entry.name === 'nested')?.id).toBeNull();
    expect(data?.find((entry) => entry.name === 'a.txt')?.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });
  });

  it('reports info, moves, copies and removes objects', async () => {
    const storage = owner.client.storage.from(BUCKET);
    const key = `${owner.id}/ops/original.txt`;
    await storage.upload(key, Buffer.from('payload'), { contentType: 'text/plain' });

    const info = await storage.info(key);
    expect(info.data).toMatchObject({ size: 7, contentType: 'text/plain' });
    expect((await storage.move(key, `${owner.id}/ops/moved.txt`)).error).toBeNull();
    expect((await storage.copy(`${owner.id}/ops/moved.txt`, `${owner.id}/ops/copy.txt`)).error).toBeNull();
    expect(await (await storage.download(`${owner.id}/ops/copy.txt`)).data?.text()).toBe('payload');

    const removed = await storage.remove([`${owner.id}/ops/moved.txt`, `${owner.id}/ops/copy.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(2);
    expect(await objectRow(BUCKET, `${owner.id}/ops/moved.txt`)).toBeNull();
    expect(await orphanedBodies()).toEqual([]);
  });

  it('refuses a DELETE of storage.objects or storage.buckets in SQL, as hosted Storage does: the bytes would stay', async () => {
    const key = `${owner.id}/ops/kept.txt`;
    expect((await owner.client.storage.from(BUCKET).upload(key, Buffer.from('kept'), { contentType: 'text/plain' })).error).toBeNull();
    const message = 'Direct deletion from storage tables is not allowed. Use the Storage API instead.';
    await expect(db.query('delete from storage.objects where bucket_id = $1 and name = $2', [BUCKET, key])).rejects.toThrow(message);
    await expect(db.query('delete from storage.buckets where id = $1', [PRIVATE_BUCKET])).rejects.toThrow(message);
    expect(await objectRow(BUCKET, key)).not.toBeNull();
    expect(await orphanedBodies()).toEqual([]);
    // The Storage API removes it, row and bytes.
    expect((await owner.client.storage.from(BUCKET).remove([key])).data).toHaveLength(1);
    expect(await objectRow(BUCKET, key)).toBeNull();
  });
});
