import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { percentileOf, prepareLoadOrganisations, runLoad, verifyLoad } from '../../bench/loadRun.mjs';
import { testStack } from './testStack';

/**
 * A short load smoke (the full 50 users × 60 s run is in `npm run bench`): virtual users of two
 * organisations mix list reads, detail reads and writes through the gateway and RLS. No request may
 * fail, every acknowledged write must be in the database, and no row may cross organisations.
 */
const USERS = Number(process.env.STEWARD_LOAD_SMOKE_USERS ?? 20);
const SECONDS = Number(process.env.STEWARD_LOAD_SMOKE_SECONDS ?? 8);

describe('load smoke', () => {
  it(`${USERS} users of two organisations for ${SECONDS} s: no errors, no lost write, nothing across organisations`, async () => {
    const stack = testStack();
    const runId = randomUUID().slice(0, 8);
    const orgs = await prepareLoadOrganisations({ apiUrl: stack.apiUrl, anonKey: stack.anonKey, runId });
    const result = await runLoad({ apiUrl: stack.apiUrl, anonKey: stack.anonKey, orgs, users: USERS, seconds: SECONDS, runId });
    const check = await verifyLoad({ dbUrl: stack.dbUrl, runId, result });
    console.log(
      `load smoke: ${result.requests} requests in ${result.seconds.toFixed(1)} s (${Math.round(result.requests / result.seconds)}/s; ` +
        `${result.mix.list} list, ${result.mix.detail} detail, ${result.mix.write} write), p50 ${percentileOf(result.latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentileOf(result.latencies, 95).toFixed(1)} ms, ${result.errors.length} errors, ${check.acknowledged} acknowledged writes, ${check.lost} lost`,
    );
    expect(result.errors.slice(0, 5)).toEqual([]);
    expect(result.mix.write).toBeGreaterThan(10);
    expect(result.mix.list).toBeGreaterThan(10);
    expect(result.mix.detail).toBeGreaterThan(10);
    expect(result.crossOrgRows).toBe(0);
    expect(check).toMatchObject({ lost: 0, crossOrg: 0, countConsistent: true });
    expect(check.acknowledged).toBe(result.mix.write);
  }, 60_000);
});
