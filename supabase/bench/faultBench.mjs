// @ts-check
// `npm run bench` rows for faults under load: while users of two organisations read and write, kill
// PostgREST, then Postgres (SIGKILL of the postmaster and all its backends). While a service is down
// the gateway must answer JSON within 1 s (502/503, no hang, no HTML), the supervisor brings it back
// within 5 s, and no write the API acknowledged may be lost (the stack commits synchronously).
// The auth service runs inside the gateway process, so it cannot die alone: its row is auth answering
// while its database is killed.
// Usage: node supabase/bench/faultBench.mjs   (STEWARD_FAULT_BENCH_PORT_BASE, default 54941)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { printRow } from '../../scripts/lib/benchReport.mjs';
import { ANON_KEY } from '../local/keys.mjs';
import { delay } from '../local/processControl.mjs';
import { processTree, startBenchStack } from './benchStack.mjs';
import { prepareLoadOrganisations, runLoad, verifyLoad } from './loadRun.mjs';

const USERS = Number(process.env.STEWARD_FAULT_USERS ?? 20);
const ANSWER_BUDGET_MS = 1_000;
const RECOVERY_BUDGET_S = 5;

/**
 * @typedef {{ at: number, status: number, ms: number, json: boolean }} ProbeAnswer
 * @typedef {{ answers: ProbeAnswer[], recoveredAfterMs: number | null }} ProbeResult
 */

/**
 * Asks every 100 ms from the kill on until the first 200 (or `limitMs`), each with a 3 s timeout.
 * @param {() => Promise<Response>} ask @param {number} killedAt @param {number} limitMs
 * @returns {Promise<ProbeResult>}
 */
async function probeUntilRecovered(ask, killedAt, limitMs = 20_000) {
  /** @type {ProbeAnswer[]} */
  const answers = [];
  while (performance.now() - killedAt < limitMs) {
    const begin = performance.now();
    let status = 0;
    let json = false;
    try {
      const response = await ask();
      status = response.status;
      json = (response.headers.get('content-type') ?? '').includes('json');
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    const answer = { at: begin - killedAt, status, ms: performance.now() - begin, json };
    answers.push(answer);
    if (status === 200) return { answers, recoveredAfterMs: performance.now() - killedAt };
    await delay(Math.max(0, 100 - answer.ms));
  }
  return { answers, recoveredAfterMs: null };
}

/**
 * Every answer while a service is down must come fast, as JSON, and say 502 or 503 (an outage a client
 * may retry), never a 4xx that blames the request or a bare 500.
 * @param {string} label @param {ProbeResult} probe
 */
function printProbe(label, probe) {
  const down = probe.answers.filter((answer) => answer.status !== 200);
  const slowest = down.reduce((max, answer) => Math.max(max, answer.ms), 0);
  const statuses = [...new Set(down.map((answer) => answer.status))].join('/') || 'none';
  const bad = down.filter((answer) => (answer.status !== 502 && answer.status !== 503) || !answer.json || answer.ms > ANSWER_BUDGET_MS).length;
  printRow({ figure: `${label}: slowest answer while down`, value: slowest, unit: 'ms', budget: ANSWER_BUDGET_MS, note: `${down.length} answers while down, status ${statuses}` });
  printRow({
    figure: `${label}: answers while down that hung, failed or were not JSON 502/503`,
    value: bad,
    unit: 'answers',
    budget: 0,
  });
  printRow({ figure: `${label}: kill → first success`, value: (probe.recoveredAfterMs ?? Infinity) / 1000, unit: 's', budget: RECOVERY_BUDGET_S });
}

export async function runFaultBench() {
  const portBase = Number(process.env.STEWARD_FAULT_BENCH_PORT_BASE ?? 54941);
  const stack = await startBenchStack(portBase);
  const apiUrl = stack.config.apiUrl;
  try {
    const runId = randomUUID().slice(0, 8);
    const orgs = await prepareLoadOrganisations({ apiUrl, anonKey: ANON_KEY, runId });
    const org = /** @type {import('./loadRun.mjs').LoadOrganisation} */ (orgs[0]);
    const restProbe = () =>
      fetch(`${apiUrl}/rest/v1/businesses?select=id&limit=1`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${org.token}`, 'accept-profile': 'crm' },
        signal: AbortSignal.timeout(3_000),
      });
    const authProbe = () =>
      fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `load-${runId}-0@load-test.example.com`, password: 'Load-test-pass-1' }),
        signal: AbortSignal.timeout(3_000),
      });

    const load = runLoad({ apiUrl, anonKey: ANON_KEY, orgs, users: USERS, seconds: 30, runId, requestTimeoutMs: 5_000 });

    await delay(4_000);
    const postgrest = (await processTree(stack.pid)).find((proc) => proc.comm.startsWith('postgrest'));
    if (!postgrest) throw new Error('no PostgREST process under the stack');
    let killedAt = performance.now();
    process.kill(postgrest.pid, 'SIGKILL');
    printProbe('fault: PostgREST killed under load', await probeUntilRecovered(restProbe, killedAt));

    await delay(4_000);
    const tree = await processTree(stack.pid);
    const postmaster = tree.find((proc) => proc.comm === 'postgres' && proc.ppid === stack.pid);
    if (!postmaster) throw new Error('no Postgres postmaster under the stack');
    const backends = tree.filter((proc) => proc.ppid === postmaster.pid);
    killedAt = performance.now();
    for (const proc of [postmaster, ...backends]) {
      try {
        process.kill(proc.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const [rest, auth] = await Promise.all([probeUntilRecovered(restProbe, killedAt), probeUntilRecovered(authProbe, killedAt)]);
    printProbe('fault: Postgres killed (SIGKILL, all backends) under load', rest);
    printProbe('fault: auth while its database is killed', auth);

    const result = await load;
    const check = await verifyLoad({ dbUrl: stack.config.dbUrl, runId, result });
    printRow({
      figure: 'faults: acknowledged writes lost',
      value: check.lost,
      unit: 'writes',
      budget: 0,
      note: `of ${check.acknowledged} acknowledged (${result.unacknowledged} unacknowledged); ${result.requests} requests, ${result.errors.length} failed during the faults`,
    });
    printRow({ figure: 'faults: rows seen or written across organisations', value: result.crossOrgRows + check.crossOrg, unit: 'rows', budget: 0 });
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runFaultBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
