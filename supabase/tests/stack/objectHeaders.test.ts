import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, createTestClient, testStack, uniqueEmail } from './testStack';

// The API may be served from the app's own origin, so an object opened as a page must never run there:
// every object body is nosniff and sandboxed, and anything but a plain raster image or a PDF is an
// attachment. (Logos still show: an <img> ignores both.)
const stack = testStack();
const PUBLIC_BUCKET = 'stack-tests-headers';
const PRIVATE_BUCKET = 'stack-tests-headers-private';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(localStorage.length)</script><rect width="10" height="10"/></svg>';
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);

let db: pg.Client;
let owner: { client: SupabaseClient; id: string; token: string };

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  await db.query(`
    insert into storage.buckets (id, name, public) values ('${PUBLIC_BUCKET}', '${PUBLIC_BUCKET}', true), ('${PRIVATE_BUCKET}', '${PRIVATE_BUCKET}', false)
    on conflict (id) do update set public = excluded.public, allowed_mime_types = null, file_size_limit = null;
    drop policy if exists header_tests_own_folder on storage.objects;
    create policy header_tests_own_folder on storage.objects for all to authenticated
      using (bucket_id in ('${PUBLIC_BUCKET}', '${PRIVATE_BUCKET}') and (storage.foldername(name))[1] = auth.uid()::text)
      with check (bucket_id in ('${PUBLIC_BUCKET}', '${PRIVATE_BUCKET}') and (storage.foldername(name))[1] = auth.uid()::text);
  `);
  const client = createTestClient(stack.apiUrl, stack.anonKey);
  const { data, error } = await client.auth.signUp({ email: uniqueEmail('object-headers'), password: 'correct-horse-9' });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  owner = { client, id: data.user.id, token: data.session.access_token };
});

afterAll(async () => {
  await db.query('drop policy if exists header_tests_own_folder on storage.objects');
  await db.end();
});

async function upload(bucket: string, name: string, body: string | Uint8Array, contentType: string): Promise<string> {
  const key = `${owner.id}/${name}`;
  const { error } = await owner.client.storage.from(bucket).upload(key, body, { contentType, upsert: true });
  if (error) throw error;
  return key;
}

const publicUrl = (key: string) => `${stack.apiUrl}/storage/v1/object/public/${PUBLIC_BUCKET}/${key}`;
const asOwner = () => ({ apikey: stack.anonKey, authorization: `Bearer ${owner.token}` });

/** The headers that keep any object body from acting as a page of the API's origin. */
function expectSafeBody(response: Response, where: string) {
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy, where).toMatch(/(^|;\s*)sandbox(\s*;|$)/);
  expect(policy, where).toMatch(/(^|;\s*)default-src 'none'/);
}

describe('an SVG (or any document type) is never shown inline', () => {
  it('at its public URL: an attachment under its own name, nosniff, sandboxed, as its type', async () => {
    const key = await upload(PUBLIC_BUCKET, 'logo.svg', SVG, 'image/svg+xml');
    const response = await fetch(publicUrl(key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="logo\.svg"/);
    expectSafeBody(response, 'public SVG');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await response.text()).toBe(SVG);
  });

  it('when downloaded by a signed-in caller, at either download path', async () => {
    const key = await upload(PRIVATE_BUCKET, 'private.svg', SVG, 'image/svg+xml');
    for (const path of [`/storage/v1/object/authenticated/${PRIVATE_BUCKET}/${key}`, `/storage/v1/object/${PRIVATE_BUCKET}/${key}`]) {
      const response = await fetch(`${stack.apiUrl}${path}`, { headers: asOwner() });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-disposition'), path).toMatch(/^attachment; filename="private\.svg"/);
      expectSafeBody(response, path);
    }
    const { data, error } = await owner.client.storage.from(PRIVATE_BUCKET).download(key);
    expect(error).toBeNull();
    expect(await data?.text()).toBe(SVG);
  });

  it('at a signed URL', async () => {
    const key = await upload(PRIVATE_BUCKET, 'signed.svg', SVG, 'image/svg+xml');
    const { data, error } = await owner.client.storage.from(PRIVATE_BUCKET).createSignedUrl(key, 60);
    expect(error).toBeNull();
    const response = await fetch(data?.signedUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="signed\.svg"/);
    expectSafeBody(response, 'signed SVG');
  });

  it('HTML, and a type a browser could read as HTML, too (the stored type is never trusted to be plain)', async () => {
    const html = await fetch(publicUrl(await upload(PUBLIC_BUCKET, 'page.html', '<script>alert(1)</script>', 'text/html')));
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/);
    expectSafeBody(html, 'HTML');
    // A comma in Content-Type lets a browser take the last type named: this one is no PNG.
    const twoTypes = await fetch(publicUrl(await upload(PUBLIC_BUCKET, 'two.png', '<script>alert(1)</script>', 'image/png, text/html')));
    expect(twoTypes.status).toBe(200);
    expect(twoTypes.headers.get('content-type')).toBe('application/octet-stream');
    expect(twoTypes.headers.get('content-disposition')).toMatch(/^attachment/);
    expectSafeBody(twoTypes, 'two types');
  });

  it('keeps the headers on HEAD and on a 304', async () => {
    const key = await upload(PUBLIC_BUCKET, 'again.svg', SVG, 'image/svg+xml');
    const head = await fetch(publicUrl(key), { method: 'HEAD' });
    expect(head.headers.get('content-disposition')).toMatch(/^attachment/);
    expectSafeBody(head, 'HEAD');
    const etag = head.headers.get('etag');
    expect(etag).toBeTruthy();
    const notModified = await fetch(publicUrl(key), { headers: { 'if-none-match': etag ?? '' } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-disposition')).toMatch(/^attachment/);
    expectSafeBody(notModified, '304');
  });
});

describe('plain images and PDFs stay inline, still nosniff and sandboxed', () => {
  it.each([
    ['logo.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['spinner.gif', 'image/gif'],
    ['photo.webp', 'image/webp'],
    ['waiver.pdf', 'application/pdf'],
  ])('%s (%s)', async (name, type) => {
    const key = await upload(PUBLIC_BUCKET, name, PNG, type);
    const response = await fetch(publicUrl(key));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-disposition')).toBeNull();
    expectSafeBody(response, name);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('?download still makes any of them an attachment, a name in any script included', async () => {
    const key = await upload(PUBLIC_BUCKET, 'logo.png', PNG, 'image/png');
    const response = await fetch(`${publicUrl(key)}?download=${encodeURIComponent('Läden "Ost" 日本.png')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="L_den _Ost_ __.png"; filename*=UTF-8''${encodeURIComponent('Läden "Ost" 日本.png')}`,
    );
    expectSafeBody(response, 'download');
  });
});

describe('the gateway’s own answers', () => {
  it('JSON from every service and the gateway itself: nosniff, and no referrer passed on', async () => {
    const answers = await Promise.all([
      fetch(`${stack.apiUrl}/rest/v1/`, { headers: { apikey: stack.anonKey } }),
      fetch(`${stack.apiUrl}/rest/v1/`),
      fetch(`${stack.apiUrl}/auth/v1/settings`, { headers: { apikey: stack.anonKey } }),
      fetch(`${stack.apiUrl}/storage/v1/bucket`, { headers: asOwner() }),
      fetch(`${stack.apiUrl}/storage/v1/object/public/${PUBLIC_BUCKET}/nothing-here.txt`),
      fetch(`${stack.apiUrl}/health`),
      fetch(`${stack.apiUrl}/rest/v1/anything`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' } }),
    ]);
    for (const response of answers) {
      const where = `${response.url} ${response.status}`;
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), where).toBe('no-referrer');
      expect(response.headers.get('access-control-allow-origin'), where).toBe('*');
    }
  });
});
