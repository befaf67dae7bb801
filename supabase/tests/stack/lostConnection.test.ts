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
