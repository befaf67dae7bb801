import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../local/gateway.mjs';
import { ANON_KEY } from '../../local/keys.mjs';
import { isLostDatabaseConnection } from '../../local/lostConnection.mjs';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('a query that lost its database connection', () => {
  it('is told by PostgREST’s 400 with an empty code and message (as it answers when Postgres dies under a query)', () => {
    expect(isLostDatabaseConnection(400, Buffer.from('{"code":"","details":null,"hint":null,"message":""}'))).toBe(true);
  });

  it('is not any 400 the client caused, nor another status, nor a body that is not that object', () => {
    expect(isLostDatabaseConnection(400, json({ code: 'PGRST100', details: 'unexpected "x"', hint: null, message: '"failed to parse filter"' }))).toBe(false);
    expect(isLostDatabaseConnection(400, json({ code: '22P02', details: null, hint: null, message: 'invalid input syntax for type uuid: "x"' }))).toBe(false);
    expect(isLostDatabaseConnection(500, json({ code: '', details: null, hint: null, message: '' }))).toBe(false);
    expect(isLostDatabaseConnection(400, Buffer.from('not json'))).toBe(false);
    expect(isLostDatabaseConnection(400, Buffer.from('null'))).toBe(false);
    expect(isLostDatabaseConnection(400, Buffer.from(`[${'{"code":"","message":""},'.repeat(10)}{}]`))).toBe(false);
  });
});

describe('the gateway, when PostgREST answers that a query lost its connection', () => {
  const lost = '{"code":"","details":null,"hint":null,"message":""}';
  const clientMistake = '{"code":"PGRST100","details":"unexpected \\"x\\"","hint":null,"message":"\\"failed to parse filter\\""}';
  let upstream: http.Server;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let base: string;

  beforeAll(async () => {
    // Stands in for PostgREST: answers the lost-connection 400 on /lost, a client's 400 anywhere else.
    upstream = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(req.url?.startsWith('/lost') ? lost : clientMistake);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const restPort = (upstream.address() as AddressInfo).port;
    const unused = async () => {
      throw new Error('not used by this test');
    };
    gateway = await startGateway({
      config: { host: '127.0.0.1', gatewayPort: 0, restPort } as never,
      postgrest: { state: () => 'up' } as never,
      auth: unused,
      storage: unused,
      health: () => ({}),
      log: { info() {}, warn() {}, error() {} } as never,
    });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/rest/v1`;
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it.each([
    ['a read', 'GET', undefined],
    ['a write', 'POST', '{"name":"Ada"}'],
  ])('answers %s 503 PGRST_DB_LOST in PostgREST’s error shape, with CORS, for the client to retry', async (_, method, body) => {
    const res = await fetch(`${base}/lost`, { method, body, headers: { apikey: ANON_KEY, 'content-type': 'application/json' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ code: 'PGRST_DB_LOST', message: expect.stringContaining('database'), details: null, hint: 'Retry in a moment.' });
  });

  it('passes a client’s own 400 through as PostgREST sent it', async () => {
    const res = await fetch(`${base}/contacts?name=x`, { headers: { apikey: ANON_KEY } });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(clientMistake);
  });
});

describe('auth and storage while the database is out of reach', () => {
  it('classify the connection errors of Node, node-postgres and PostgreSQL as unavailable (503)', async () => {
    const { classifyFailure, isDatabaseUnavailable } = await import('../../local/router.mjs');
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54422'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(classifyFailure(error)).toMatchObject({ status: 503, kind: 'unavailable' });
    }
  });

  it('leave a caller’s mistakes and other faults as they were', async () => {
    const { classifyFailure, isDatabaseUnavailable } = await import('../../local/router.mjs');
    expect(classifyFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toMatchObject({ status: 409, kind: 'duplicate' });
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(classifyFailure(new Error('something else'))).toBeNull();
  });
});
