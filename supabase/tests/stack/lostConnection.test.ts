import { describe, expect, it } from 'vitest';
import { LOST_CONNECTION_ANSWER, isLostDatabaseConnection } from '../../local/lostConnection.mjs';

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

  it('is answered as an outage the client can retry, in PostgREST’s error shape', () => {
    expect(LOST_CONNECTION_ANSWER).toEqual({ code: 'PGRST_DB_LOST', message: expect.stringContaining('database'), details: null, hint: 'Retry in a moment.' });
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
