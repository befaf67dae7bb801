// The client the request limits count: the address the last trusted proxy wrote, never one the client
// wrote itself; an IPv6 client by its /64.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';

const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

/** app.request_client() for a request with these headers, behind this many trusted proxies. */
async function clientOf(headers: Record<string, string> | null, hops?: number): Promise<string | null> {
  await db.query('begin');
  try {
    if (headers) await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)]);
    if (hops !== undefined) await db.query(`select set_config('steward.trusted_proxy_hops', $1, true)`, [String(hops)]);
    const { rows } = await db.query<{ client: string | null }>('select app.request_client() as client');
    return rows[0]?.client ?? null;
  } finally {
    await db.query('rollback');
  }
}

describe('the counted client address', () => {
  it('is none outside an API request', async () => {
    expect(await clientOf(null)).toBeNull();
  });

  it('is the address the edge saw, not an entry the client put in front of it', async () => {
    expect(await clientOf({ 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await clientOf({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7' })).toBe('203.0.113.7');
    expect(await clientOf({ 'x-forwarded-for': '6.6.6.6', 'cf-connecting-ip': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await clientOf({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'cf-connecting-ip': '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('behind one trusted proxy (the app’s origin rewriting /rest/v1), is the client that proxy appended', async () => {
    expect(await clientOf({ 'x-forwarded-for': '198.51.100.4, 203.0.113.7' }, 1)).toBe('198.51.100.4');
    expect(await clientOf({ 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 203.0.113.7' }, 1)).toBe('198.51.100.4');
    expect(await clientOf({ 'x-forwarded-for': '198.51.100.4', 'cf-connecting-ip': '203.0.113.7' }, 1)).toBe('198.51.100.4');
    expect(await clientOf({ 'x-forwarded-for': '203.0.113.7' }, 3)).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    expect(await clientOf({ 'x-forwarded-for': '2001:db8:1:2:3:4:5:6' })).toBe('2001:db8:1:2::/64');
    expect(await clientOf({ 'x-forwarded-for': '2001:db8:1:2:ffff::9' })).toBe('2001:db8:1:2::/64');
    expect(await clientOf({ 'x-forwarded-for': '2001:db8:1:3::1' })).toBe('2001:db8:1:3::/64');
    expect(await clientOf({ 'x-forwarded-for': '::ffff:192.0.2.1' })).toBe('192.0.2.1');
  });
});
