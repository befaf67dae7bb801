import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, createTestClient, testStack } from './testStack';

const stack = testStack();
// Every header @supabase/supabase-js 2.119 can send from a browser (auth, PostgREST, storage).
const CLIENT_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'range',
  'x-retry-count',
];
const table = `stack_test_gateway_${randomUUID().slice(0, 8)}`;
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  await db.query(`
    create table public.${table} (id int primary key, label text not null);
    alter table public.${table} enable row level security;
    create policy readable on public.${table} for select using (true);
    insert into public.${table} values (1, 'one'), (2, 'two'), (3, 'three');
  `);
  // The event trigger asks PostgREST to reload its schema cache; with the project's schema that takes a
  // few hundred milliseconds. Reads work before it (the database resolves the name), writes do not:
  // the OpenAPI document is built from the cache, so it shows when the table is known.
  const deadline = Date.now() + 10_000;
  const openApiPaths = async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/`, { headers: { apikey: stack.anonKey } });
    return Object.keys(((await response.json()) as { paths?: Record<string, unknown> }).paths ?? {});
  };
  while (!(await openApiPaths()).includes(`/${table}`)) {
    if (Date.now() > deadline) throw new Error(`PostgREST did not load public.${table} into its schema cache within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  await db.query(`drop table if exists public.${table}`);
  await db.end();
});

describe('CORS: one policy at the gateway', () => {
  it('answers the preflight itself, allowing every header supabase-js sends', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/anything`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': CLIENT_HEADERS.join(','),
      },
    });
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    for (const header of CLIENT_HEADERS) expect(allowed).toContain(header);
  });

  it.each(['/rest/v1/', '/auth/v1/settings', '/storage/v1/bucket'])('lets a browser read %s, including count and version headers', async (path) => {
    const response = await fetch(`${stack.apiUrl}${path}`, { headers: { apikey: stack.anonKey, origin: 'http://localhost:3000' } });
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);

    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    for (const header of ['content-range', 'x-supabase-api-version', 'content-type', 'content-length', 'etag']) {
      expect(exposed).toContain(header);
    }
  });
});

describe('apikey check', () => {
  it('refuses a request without an apikey with 401 JSON', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/${table}`);

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses an unknown apikey with 401 JSON, on every service', async () => {
    for (const path of ['/rest/v1/', '/auth/v1/user', '/storage/v1/bucket']) {
      const response = await fetch(`${stack.apiUrl}${path}`, { headers: { apikey: 'not-a-key' } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
    }
  });

  it('accepts the apikey as a query parameter without passing it on to PostgREST as a filter', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/${table}?select=id&order=id&apikey=${stack.anonKey}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});

describe('REST through the gateway', () => {
  it('serves a table created after start with an exact count', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const { data, count, error } = await client.from(table).select('label', { count: 'exact' }).order('id').range(0, 1);

    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'one' }, { label: 'two' }]);
    expect(count).toBe(3);
  });

  it('answers a HEAD count (head: true) with the count and no body', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const { data, count, error, status } = await client.from(table).select('*', { count: 'exact', head: true });

    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it('answers a bodiless write right after a count-only HEAD (whose connection PostgREST closes)', async () => {
    for (let i = 0; i < 20; i += 1) {
      const head = await fetch(`${stack.apiUrl}/rest/v1/${table}?select=*`, { method: 'HEAD', headers: { apikey: stack.anonKey, prefer: 'count=exact' } });
      expect(head.ok).toBe(true);
      const write = await fetch(`${stack.apiUrl}/rest/v1/${table}?id=eq.99`, { method: 'DELETE', headers: { apikey: stack.anonKey } });
      expect(write.status).toBe(204);
    }
  });

  it('answers a write without representation with 204 and no body', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/${table}?id=eq.99`, { method: 'DELETE', headers: { apikey: stack.anonKey } });

    expect(response.status).toBe(204);
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('passes PostgREST errors through unchanged', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const missing = await client.from(table).select('id').eq('id', 99).single();
    const denied = await client.from(table).insert({ id: 4, label: 'four' });

    expect(missing.error?.code).toBe('PGRST116');
    expect(missing.status).toBe(406);
    expect(denied.error?.code).toBe('42501');
  });

  it('reports every service as up on /health, without an apikey', async () => {
    const response = await fetch(`${stack.apiUrl}/health`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      services: { postgres: 'up', postgrest: 'up', auth: 'up', storage: 'up' },
    });
  });

  it('answers an unknown route with 404 JSON', async () => {
    const response = await fetch(`${stack.apiUrl}/functions/v1/hello`, { headers: { apikey: stack.anonKey } });

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
