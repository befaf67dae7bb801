// @ts-check
// What the removed-user check costs a signed-in list: PostgREST's db-pre-request
// (request_check.reject_removed_user, one primary-key lookup in auth.users per request) switched on
// and off in the same stack, in alternating rounds, so the machine's load falls on both alike.
// Usage: node supabase/bench/securityBench.mjs   (STEWARD_SECURITY_BENCH_PORT_BASE, default 54961)
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median, percentile, printRow } from '../../scripts/lib/benchReport.mjs';
import { REPO_ROOT, TEST_AUTH_RATE_LIMITS } from '../local/config.mjs';
import { ANON_KEY } from '../local/keys.mjs';
import { startStack } from '../local/stack.mjs';
import { createBenchUser, signInBenchUser } from './benchUsers.mjs';

const ROWS_VISIBLE = 200;
const ROUNDS = 12;
const PER_ROUND = 150;
const PRE_REQUEST = 'request_check.reject_removed_user';

export async function runSecurityBench() {
  const portBase = Number(process.env.STEWARD_SECURITY_BENCH_PORT_BASE ?? 54961);
  const stack = await startStack({
    portBase,
    dataDir: path.join(REPO_ROOT, '.steward', `bench-security-${portBase}`),
    fresh: true,
    log: 'silent',
    authRateLimits: TEST_AUTH_RATE_LIMITS,
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { token, removedToken } = await prepareFixture(stack, db);
    const list = () => timedGet(agent, portBase + 2, '/bench_secure_items?select=*&order=id', token);
    /** @param {boolean} on */
    const setCheck = async (on) => {
      await db.query(on ? `alter role authenticator set pgrst.db_pre_request to '${PRE_REQUEST}'` : 'alter role authenticator reset pgrst.db_pre_request');
      await db.query(`notify pgrst, 'reload config'`);
      // PostgREST reloads its configuration asynchronously; a removed user's token tells when it has.
      await waitFor(async () => (await timedGet(agent, portBase + 2, '/bench_secure_items?select=id&limit=1', removedToken)).status === (on ? 401 : 200));
    };
    for (let i = 0; i < 50; i += 1) await list();
    /** @type {{ on: number[], off: number[] }} */
    const samples = { on: [], off: [] };
    /** @type {number[]} */
    const roundDifferences = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      /** @type {Record<string, number>} */
      const roundMedian = {};
      for (const mode of /** @type {const} */ (round % 2 ? ['off', 'on'] : ['on', 'off'])) {
        await setCheck(mode === 'on');
        for (let i = 0; i < 20; i += 1) await list();
        /** @type {number[]} */
        const times = [];
        for (let i = 0; i < PER_ROUND; i += 1) {
          const answer = await list();
          if (answer.status !== 200) throw new Error(`list answered ${answer.status}`);
          times.push(answer.ms);
        }
        samples[mode].push(...times);
        roundMedian[mode] = median(times);
      }
      roundDifferences.push((roundMedian.on ?? 0) - (roundMedian.off ?? 0));
    }
    await setCheck(true);
    printRow({
      figure: `${ROWS_VISIBLE}-row RLS list on PostgREST with the removed-user check, p50`,
      value: percentile(samples.on, 50),
      unit: 'ms',
      budget: 5,
      reference: percentile(samples.off, 50),
      note: `without it ${round(percentile(samples.off, 50))} ms; p95 ${round(percentile(samples.on, 95))} vs ${round(percentile(samples.off, 95))} ms`,
    });
    printRow({
      figure: 'removed-user check, added to a request (median of per-round p50 differences)',
      value: median(roundDifferences),
      unit: 'ms',
      budget: 0.5,
      note: `${ROUNDS} alternating rounds of ${PER_ROUND} requests each way`,
    });
  } finally {
    agent.destroy();
    await db.end();
    await stack.stop();
  }
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 100) / 100;
}

/**
 * Two users, 200 rows each behind RLS, the reader's token, and a token of a user removed afterwards.
 * @param {import('../local/stack.mjs').RunningStack} stack
 * @param {pg.Client} db
 */
async function prepareFixture(stack, db) {
  const [reader, other] = [await createBenchUser(stack.apiUrl, 'secure-reader@bench.example.com'), await createBenchUser(stack.apiUrl, 'secure-other@bench.example.com')];
  await createBenchUser(stack.apiUrl, 'secure-removed@bench.example.com');
  await db.query(`
    create table public.bench_secure_items (
      id bigint generated always as identity primary key,
      owner uuid not null,
      title text not null,
      amount numeric(10, 2) not null
    );
    create index on public.bench_secure_items (owner);
    alter table public.bench_secure_items enable row level security;
    create policy own_rows on public.bench_secure_items for select to authenticated using (owner = (select auth.uid()));
    grant select on public.bench_secure_items to authenticated;
  `);
  await db.query(
    `insert into public.bench_secure_items (owner, title, amount)
     select case when n <= $3 then $1::uuid else $2::uuid end, 'Item number ' || n, n * 1.25 from generate_series(1, $3 * 2) as n`,
    [reader, other, ROWS_VISIBLE],
  );
  const token = await signInBenchUser(stack.apiUrl, 'secure-reader@bench.example.com');
  const removedToken = await signInBenchUser(stack.apiUrl, 'secure-removed@bench.example.com');
  await db.query(`update auth.users set deleted_at = now() where email = 'secure-removed@bench.example.com'`);
  await waitFor(async () => (await fetch(`${stack.apiUrl}/rest/v1/bench_secure_items?select=id`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` } })).status === 200);
  return { token, removedToken };
}

/**
 * @param {http.Agent} agent @param {number} port @param {string} urlPath @param {string | undefined} token
 * @returns {Promise<{ status: number, ms: number }>}
 */
function timedGet(agent, port, urlPath, token) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { authorization: `Bearer ${token}` }, agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      })
      .on('error', reject);
  });
}

/** @param {() => Promise<boolean>} probe */
async function waitFor(probe) {
  const deadline = Date.now() + 15_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('the stack did not reach the expected state within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSecurityBench().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  });
}
