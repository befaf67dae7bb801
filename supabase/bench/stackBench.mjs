// @ts-check
// Benchmark of the local stack: cold start (init + migrate + seed), warm start, a 200-row RLS list
// through the gateway against PostgREST directly, and throughput at concurrency 50, gateway against
// direct in the same run. The stack runs as its own process (as `npm run db:start` runs it) so the
// load generator here does not share an event loop with the gateway it measures.
// Usage: node supabase/bench/stackBench.mjs   (STEWARD_STACK_BENCH_PORT_BASE, default 54821)
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median, percentile, printRow } from '../../scripts/lib/benchReport.mjs';
import { waitForQuietMachine } from '../../scripts/lib/quietMachine.mjs';
import { REPO_ROOT, TEST_AUTH_RATE_LIMITS, resolveStackConfig } from '../local/config.mjs';
import { ANON_KEY } from '../local/keys.mjs';
import { launchDetached, logTail, waitUntilReady } from '../local/backgroundStack.mjs';
import { delay, isAlive, waitForExit } from '../local/processControl.mjs';
import { stopRunningStack } from '../local/stack.mjs';
import { createBenchUser, signInBenchUser } from './benchUsers.mjs';
const ROWS_VISIBLE = 200;
const WARM_STARTS = 3;
const LATENCY_SAMPLES = 1000;
const LATENCY_WARMUP = 500;
const CONCURRENCY = 50;
const THROUGHPUT_SECONDS = 20;
// Gateway and direct runs alternate in slices, so drift on a shared machine hits both alike.
const THROUGHPUT_SLICES = 4;

/**
 * @param {{ portBase?: number }} [options]
 */
export async function runStackBench(options = {}) {
  const portBase = options.portBase ?? Number(process.env.STEWARD_STACK_BENCH_PORT_BASE ?? 54821);
  const config = resolveStackConfig({ portBase, dataDir: path.join(REPO_ROOT, '.steward', `bench-stack-${portBase}`), authRateLimits: TEST_AUTH_RATE_LIMITS });
  // A run that was killed may have left its stack behind.
  await stopRunningStack(config);
  await fs.rm(config.dataDir, { recursive: true, force: true });

  let daemon = null;
  try {
    const cold = await startDetached(config);
    daemon = cold.pid;
    printRow({ figure: 'stack cold start (init + migrate + seed → ready)', value: cold.ms / 1000, unit: 's', budget: 15 });

    /** @type {number[]} */
    const warm = [];
    for (let i = 0; i < WARM_STARTS; i += 1) {
      await stopDetached(daemon);
      daemon = null;
      const started = await startDetached(config);
      daemon = started.pid;
      warm.push(started.ms);
    }
    printRow({ figure: 'stack warm start → ready', value: median(warm) / 1000, unit: 's', budget: 3, note: `median of ${WARM_STARTS}` });

    const token = await prepareFixture(config);
    const listPath = '/bench_items?select=*&order=id';
    const directHeaders = { authorization: `Bearer ${token}`, 'accept-profile': 'public' };
    const fullList = await request(target(config.restPort, listPath, directHeaders));
    if (JSON.parse(fullList.body).length !== ROWS_VISIBLE) throw new Error(`expected ${ROWS_VISIBLE} visible rows: ${fullList.body.slice(0, 200)}`);
    const listBytes = Buffer.byteLength(fullList.body);
    const gateway = target(config.gatewayPort, `/rest/v1${listPath}`, { apikey: ANON_KEY, ...directHeaders }, listBytes);
    const direct = target(config.restPort, listPath, directHeaders, listBytes);

    const quiet = await waitForQuietMachine();
    const latency = await measureLatency(gateway, direct);
    const p50 = percentile(latency.gateway, 50);
    const p95 = percentile(latency.gateway, 95);
    const directP50 = percentile(latency.direct, 50);
    printRow({ figure: `${ROWS_VISIBLE}-row RLS list via gateway, p50`, value: p50, unit: 'ms', budget: 5, reference: directP50 });
    printRow({ figure: `${ROWS_VISIBLE}-row RLS list via gateway, p95`, value: p95, unit: 'ms', budget: 15, reference: percentile(latency.direct, 95), note: `direct p95 ${round(percentile(latency.direct, 95))} ms` });
    printRow({
      figure: 'RLS list p50, gateway ÷ direct PostgREST',
      value: p50 / directP50,
      unit: '×',
      // The gateway runs only on a developer's machine; it forwards through Node's own keep-alive agent.
      budget: 1.5,
      note: `direct p50 ${round(directP50)} ms, ${LATENCY_SAMPLES} alternating pairs after ${round(quiet.waitedMs / 1000)} s waiting for idle CPUs (${Math.round(quiet.busy * 100)}% busy)`,
    });

    const throughput = await measureThroughput(gateway, direct);
    printRow({
      figure: `throughput at concurrency ${CONCURRENCY}, gateway ÷ direct PostgREST`,
      value: throughput.gateway.rate / throughput.direct.rate,
      unit: '×',
      budget: 0.85,
      compare: 'min',
      note: `gateway ${Math.round(throughput.gateway.rate)} req/s, direct ${Math.round(throughput.direct.rate)} req/s, ${THROUGHPUT_SECONDS} s each, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    });
    printRow({
      figure: 'failed requests during the throughput runs',
      value: throughput.gateway.errors + throughput.direct.errors,
      unit: 'requests',
      budget: 0,
      note: `of ${throughput.gateway.count + throughput.direct.count}`,
    });
  } finally {
    if (daemon !== null) await stopDetached(daemon);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  }
}

/**
 * Launches the stack in the background exactly as `cli.mjs start` does, and times it until it is ready.
 * @param {import('../local/config.mjs').StackConfig} config
 */
async function startDetached(config) {
  const started = performance.now();
  const daemon = await launchDetached(config, { append: true });
  if (!(await waitUntilReady(config, daemon.pid, daemon.hasExited, 120_000))) {
    throw new Error(`the stack did not start:\n${await logTail(config, 15)}`);
  }
  return { pid: daemon.pid, ms: performance.now() - started };
}

/** @param {number} pid */
async function stopDetached(pid) {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  if (!(await waitForExit(pid, 20_000))) process.kill(pid, 'SIGKILL');
}

/**
 * A table of the benchmark's own (RLS on, 200 rows for the signed-in user, 200 for someone else),
 * created after the project's migrations so the numbers do not depend on the data model.
 * @param {import('../local/config.mjs').StackConfig} config
 * @returns {Promise<string>} the signed-in user's access token
 */
async function prepareFixture(config) {
  const [reader, other] = [await createBenchUser(config.apiUrl, 'bench-reader@stack-bench.example.com'), await createBenchUser(config.apiUrl, 'bench-other@stack-bench.example.com')];
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  try {
    await db.query(`
      create table public.bench_items (
        id bigint generated always as identity primary key,
        owner uuid not null,
        title text not null,
        amount numeric(10, 2) not null,
        status text not null,
        created_at timestamptz not null default now()
      );
      create index on public.bench_items (owner);
      alter table public.bench_items enable row level security;
      -- (select auth.uid()) is evaluated once per query, as Supabase recommends writing policies.
      create policy own_rows on public.bench_items for select to authenticated using (owner = (select auth.uid()));
      grant select on public.bench_items to authenticated;
    `);
    await db.query(
      `insert into public.bench_items (owner, title, amount, status)
       select case when n <= $3 then $1::uuid else $2::uuid end, 'Item number ' || n, n * 1.25,
              (array['Active', 'Pending', 'Archived'])[1 + n % 3]
         from generate_series(1, $3 * 2) as n`,
      [reader, other, ROWS_VISIBLE],
    );
  } finally {
    await db.end();
  }
  const token = await signInBenchUser(config.apiUrl, 'bench-reader@stack-bench.example.com');
  // Wait until PostgREST's schema cache holds the table (it reloads after the DDL above).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await request(target(config.gatewayPort, '/rest/v1/bench_items?select=id', { apikey: ANON_KEY, authorization: `Bearer ${token}` }));
    if (response.status === 200 && JSON.parse(response.body).length === ROWS_VISIBLE) break;
    if (Date.now() > deadline) throw new Error(`bench fixture not served: ${response.status} ${response.body.slice(0, 200)}`);
    await delay(50);
  }
  return token;
}

/**
 * @typedef {{ port: number, path: string, headers: Record<string, string>, agent: http.Agent, minBytes: number }} Target
 */

/**
 * @param {number} port @param {string} urlPath @param {Record<string, string>} headers
 * @param {number} [minBytes] a shorter 200 answer is not the full list and counts as failed
 * @returns {Target}
 */
function target(port, urlPath, headers, minBytes = 0) {
  return { port, path: urlPath, headers, agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }), minBytes };
}

/** @param {Target} to @returns {Promise<{ status: number, body: string }>} */
function request(to) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: to.port, path: to.path, headers: to.headers, agent: to.agent }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * One request under load: answered 200 with a full body (counted, not decoded — the load generator
 * shares the machine with what it measures and should spend as little as it can).
 * @param {Target} to
 * @returns {Promise<boolean>}
 */
function okRequest(to) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port: to.port, path: to.path, headers: to.headers, agent: to.agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(res.statusCode === 200 && bytes >= to.minBytes));
      res.on('error', () => resolve(false));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

/**
 * Sequential requests, gateway and direct alternating (which goes first alternates too), after a warm-up
 * long enough for both hops to run optimised code: the figure is the hop's steady cost.
 * @param {Target} gateway @param {Target} direct
 */
async function measureLatency(gateway, direct) {
  for (let i = 0; i < LATENCY_WARMUP; i += 1) {
    await okRequest(gateway);
    await okRequest(direct);
  }
  /** @type {{ gateway: number[], direct: number[] }} */
  const samples = { gateway: [], direct: [] };
  /** @type {const} */
  const pairs = [[['gateway', gateway], ['direct', direct]], [['direct', direct], ['gateway', gateway]]];
  const deadline = Date.now() + 60_000;
  for (let i = 0; i < LATENCY_SAMPLES && Date.now() < deadline; i += 1) {
    for (const [name, to] of pairs[i % 2] ?? []) {
      const started = performance.now();
      if (!(await okRequest(to))) throw new Error(`${name} request failed during the latency run`);
      samples[name].push(performance.now() - started);
    }
  }
  return samples;
}

/**
 * Closed-loop load: CONCURRENCY clients, each sending its next request when the last one is answered.
 * @param {Target} gateway @param {Target} direct
 */
async function measureThroughput(gateway, direct) {
  const totals = { gateway: { count: 0, errors: 0, ms: 0, rate: 0 }, direct: { count: 0, errors: 0, ms: 0, rate: 0 } };
  const sliceMs = (THROUGHPUT_SECONDS * 1000 * 2) / THROUGHPUT_SLICES;
  for (let slice = 0; slice < THROUGHPUT_SLICES; slice += 1) {
    const name = slice % 2 === 0 ? 'direct' : 'gateway';
    const to = name === 'gateway' ? gateway : direct;
    const started = performance.now();
    const until = started + sliceMs;
    let count = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          if (await okRequest(to)) count += 1;
          else errors += 1;
        }
      }),
    );
    totals[name].count += count;
    totals[name].errors += errors;
    totals[name].ms += performance.now() - started;
  }
  for (const name of /** @type {const} */ (['gateway', 'direct'])) totals[name].rate = totals[name].count / (totals[name].ms / 1000);
  return totals;
}

/** @param {number} n */
function round(n) {
  return Math.round(n * 100) / 100;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStackBench().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  });
}
