// @ts-check
// `npm run bench` rows for the platform under load: 50 users of two organisations for 60 s through the
// gateway and RLS (a stack in its own process), then the count and isolation checks, and the memory of
// the whole stack (gateway, auth, storage, PostgREST, Postgres) idle and after the load.
//
// A user pauses 50–150 ms between an answer and their next request: about ten requests a second each,
// far busier than a person at a front desk, and 50 of them together offer roughly half of what the stack
// serves on two cores. Without any pause 50 clients measure saturation instead — each waits for the
// other 49 (Little's law: latency = clients ÷ throughput) — so that run has its own row: throughput,
// with its latencies in the note.
// Usage: node supabase/bench/loadBench.mjs   (STEWARD_LOAD_BENCH_PORT_BASE, default 54921)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { printRow } from '../../scripts/lib/benchReport.mjs';
import { ANON_KEY } from '../local/keys.mjs';
import { delay } from '../local/processControl.mjs';
import { residentMB, startBenchStack } from './benchStack.mjs';
import { percentileOf, prepareLoadOrganisations, runLoad, verifyLoad } from './loadRun.mjs';

const USERS = Number(process.env.STEWARD_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.STEWARD_LOAD_SECONDS ?? 60);
const SATURATION_SECONDS = Number(process.env.STEWARD_SATURATION_SECONDS ?? 15);
/** @type {[number, number]} */
const THINK_MS = [50, 150];

export async function runLoadBench() {
  const portBase = Number(process.env.STEWARD_LOAD_BENCH_PORT_BASE ?? 54921);
  const stack = await startBenchStack(portBase);
  try {
    await delay(3_000);
    const idle = await residentMB(stack.pid);
    printRow({ figure: 'memory of the local stack, idle (PSS)', value: idle, unit: 'MB', budget: 600 });

    const runId = randomUUID().slice(0, 8);
    const orgs = await prepareLoadOrganisations({ apiUrl: stack.config.apiUrl, anonKey: ANON_KEY, runId });
    const result = await runLoad({ apiUrl: stack.config.apiUrl, anonKey: ANON_KEY, orgs, users: USERS, seconds: SECONDS, runId, thinkMs: THINK_MS });
    const load = `${USERS} users × ${SECONDS} s`;
    const mix = `${result.requests} requests, ${Math.round(result.requests / result.seconds)}/s: ${result.mix.list} list, ${result.mix.detail} detail, ${result.mix.write} write; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
    printRow({ figure: `load ${load}, two organisations: failed requests`, value: result.errors.length, unit: 'requests', budget: 0, note: mix });
    printRow({
      figure: `load ${load}: p95 latency`,
      value: percentileOf(result.latencies, 95),
      unit: 'ms',
      budget: 50,
      note: `p50 ${percentileOf(result.latencies, 50).toFixed(1)} ms; each user pauses ${THINK_MS[0]}–${THINK_MS[1]} ms between requests`,
    });

    const saturationId = `${runId}s`;
    const saturation = await runLoad({ apiUrl: stack.config.apiUrl, anonKey: ANON_KEY, orgs, users: USERS, seconds: SATURATION_SECONDS, runId: saturationId });
    printRow({
      figure: `saturation: ${USERS} clients without pauses, throughput`,
      value: saturation.requests / saturation.seconds,
      unit: 'req/s',
      budget: 800,
      compare: 'min',
      note: `${SATURATION_SECONDS} s, ${saturation.errors.length} failed; p50 ${percentileOf(saturation.latencies, 50).toFixed(1)} ms, p95 ${percentileOf(saturation.latencies, 95).toFixed(1)} ms (queueing: ${USERS} ÷ throughput)`,
    });

    const checks = [await verifyLoad({ dbUrl: stack.config.dbUrl, runId, result }), await verifyLoad({ dbUrl: stack.config.dbUrl, runId: saturationId, result: saturation })];
    /** @param {'lost' | 'acknowledged' | 'stored' | 'crossOrg'} key */
    const total = (key) => checks.reduce((sum, check) => sum + check[key], 0);
    const consistent = checks.every((check) => check.countConsistent);
    const after = await residentMB(stack.pid);
    printRow({ figure: 'load: acknowledged writes missing from the database', value: total('lost'), unit: 'writes', budget: 0, note: `of ${total('acknowledged')}; ${total('stored')} stored, count ${consistent ? 'consistent' : 'INCONSISTENT'}` });
    printRow({ figure: 'load: rows seen or written across organisations', value: result.crossOrgRows + saturation.crossOrgRows + total('crossOrg'), unit: 'rows', budget: 0 });
    printRow({ figure: 'memory of the local stack after the load (PSS)', value: after, unit: 'MB', budget: 600 });
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLoadBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
