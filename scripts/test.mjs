// `npm test`: production build, type checks and lint (the architecture's import rules among them), a
// local Supabase stack for the stack suites and another for the journeys, every Vitest suite (unit and
// integration) and the end-to-end journeys in Chromium. Ends with one summary line. Stages that leave
// a core idle run side by side (docs/testing.md): the stack starts during the build; the checks and
// unit suites, the stack's suites (one file at a time, then those that start stacks of their own) and
// the journeys run as three lanes.
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { workspaceRoot } from '../build/federation.mjs';
import { buildAll, runMeasured } from './lib/run.mjs';

const TEST_PORT_BASE = Number(process.env.STEWARD_TEST_PORT_BASE ?? 54421);
/** The journeys' own stack, which their global setup starts (a stack takes seven ports from its base). */
const JOURNEYS_PORT_BASE = TEST_PORT_BASE + 10;
const reports = path.join(workspaceRoot, '.steward/test-reports');

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

// A runner that exits non-zero (a configuration error, an unhandled error outside any test) has failed
// even when its report counts no failed test: it counts as one failure, so the summary cannot pass.
const atLeastOneIf = (failed, runnerFailed) => (failed === 0 && runnerFailed ? 1 : failed);

function vitestCounts(report, exitCode) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const failed = report.numFailedTests + (report.numRuntimeErrors ?? 0);
  return { passed: report.numPassedTests, failed: atLeastOneIf(failed, exitCode !== 0 || report.success === false), skipped: report.numPendingTests + report.numTodoTests };
}

/** The names of the failed Vitest tests (file › title), for the summary at the end of the run. */
function vitestFailures(report) {
  if (!report) return [];
  return report.testResults.flatMap((file) => {
    const where = path.relative(workspaceRoot, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${where} › ${test.fullName ?? test.title}`);
    // A file that failed to load or threw outside its tests has a message but no failed test.
    return failed.length === 0 && file.status === 'failed' ? [`${where} › ${(file.message ?? 'failed outside its tests').split('\n')[0]}`] : failed;
  });
}

/** The names of the Playwright journeys that failed (after their retries), for the same summary. */
function playwrightFailures(report) {
  const names = [];
  // Top-level suites are files; nested ones are describe blocks, whose titles lead the journey's name.
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === 'unexpected')) names.push(`${path.relative(workspaceRoot, path.join(report.config?.rootDir ?? workspaceRoot, spec.file))}:${spec.line} › ${[...trail, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const file of report?.suites ?? []) walk(file, []);
  return names;
}

const sumCounts = (counts) => counts.reduce((sum, count) => ({ passed: sum.passed + count.passed, failed: sum.failed + count.failed, skipped: sum.skipped + count.skipped }));

function playwrightCounts(report, exitCode) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { passed: expected + flaky, failed: atLeastOneIf(unexpected + (report.errors?.length ?? 0), exitCode !== 0), skipped };
}

/**
 * Wall time and CPU of each stage, so a slow run says where its time went (and how busy the machine
 * was). A stage whose work resolves with `cpuSeconds` (a command run by runMeasured) shows its CPU.
 */
function stageClock() {
  const stages = [];
  return {
    /** Runs `work` as the stage `name`, recording its wall time (and CPU when the work reports it). */
    async time(name, work) {
      const started = Date.now();
      let cpu = null;
      try {
        const result = await work();
        cpu = typeof result?.cpuSeconds === 'number' ? result.cpuSeconds : null;
        return result;
      } finally {
        stages.push({ name, wall: Math.round((Date.now() - started) / 1000), cpu });
      }
    },
    /** Runs a command as the stage `name`; resolves with its exit code, the stage with its CPU. */
    run(name, command, args, options) {
      return this.time(name, () => runMeasured(command, args, options)).then(({ code }) => code);
    },
    /** CPU seconds of the stages that reported theirs. */
    measuredCpu: () => stages.reduce((sum, stage) => sum + (stage.cpu ?? 0), 0),
    line: () => stages.map(({ name, wall, cpu }) => `${name} ${wall} s${cpu === null ? '' : ` (CPU ${Math.round(cpu)} s)`}`).join(' · '),
  };
}

/**
 * CPU seconds this run has used so far: its own (the stack's gateway runs in this process) and its
 * finished children's (Linux /proc; elsewhere only its own).
 */
async function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = await readFile('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // not Linux
  }
  return (own.user + own.system) / 1e6 + children;
}

/**
 * The whole machine's CPU time so far, busy and idle (Linux /proc/stat, in clock ticks; null
 * elsewhere): what the run's own accounting misses (processes a killed parent left to init, as a
 * browser's renderers can be) still shows here, and so does a core left idle.
 */
async function machineTicks() {
  try {
    const [total, ...fields] = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/);
    if (total !== 'cpu') return null;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/**
 * What the stack suites are told of the run's stack.
 * @param {{ apiUrl: string, anonKey: string, serviceRoleKey: string, dbUrl?: string | null, dataDir: string }} stack
 */
const stackEnv = (stack) => ({
  STEWARD_TEST_API_URL: stack.apiUrl,
  STEWARD_TEST_ANON_KEY: stack.anonKey,
  STEWARD_TEST_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  STEWARD_TEST_DB_URL: stack.dbUrl ?? '',
  STEWARD_TEST_PORT_BASE: String(TEST_PORT_BASE),
  STEWARD_TEST_DATA_DIR: stack.dataDir,
});

async function main() {
  await rm(reports, { recursive: true, force: true });
  await mkdir(reports, { recursive: true });
  const started = Date.now();
  const machineAtStart = await machineTicks();
  const clock = stageClock();

  // The stack starts while the apps build and the checks run: it is mostly one Postgres process
  // applying the migrations, work the build's two lanes leave room for.
  console.log(`▶ Starting a fresh local Supabase stack on port ${TEST_PORT_BASE} (in the background)…`);
  const stackReady = clock.time('stack start', async () => {
    const { startStack } = await import('../supabase/local/stack.mjs');
    const { TEST_STACK_OPTIONS } = await import('../supabase/local/config.mjs');
    return startStack({ ...TEST_STACK_OPTIONS, portBase: TEST_PORT_BASE, dataDir: path.join(workspaceRoot, `.steward/test-${TEST_PORT_BASE}`), fresh: true });
  });
  // Until it is awaited below, a failed start must not count as an unhandled rejection.
  stackReady.catch(() => undefined);

  let unit;
  let e2e;
  let checksExit = 1;
  let failures = [];
  let stack;
  let checksAndUnit;
  let stackLane;
  let journeys;
  try {
    console.log('▶ Building every app (production)…');
    await clock.time('build', async () => ({ cpuSeconds: await buildAll() }));

    // Three lanes: type checks, lint and then the unit suites (no stack needed); the stack's suites,
    // one file at a time (vitest.config.ts, STEWARD_VITEST_PART); and the journeys, on a stack of
    // their own that their global setup starts, so neither sees the other's rows. The stack suites and
    // the journeys each leave most of a core idle (they wait on the database and the browser), so the
    // three together fill the machine.
    console.log('▶ Type checks and lint, then the unit suites; the stack suites and the journeys beside them…');
    const vitestUnitJson = path.join(reports, 'vitest-unit.json');
    const vitestStackJson = path.join(reports, 'vitest-stack.json');
    const playwrightJson = path.join(reports, 'playwright.json');
    const vitest = (stage, part, outputFile, env) =>
      clock.run(stage, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], { env: { ...env, STEWARD_VITEST_PART: part } });
    const vitestOwnJson = path.join(reports, 'vitest-own-stacks.json');
    checksAndUnit = (async () => {
      checksExit = await clock.run('type checks and lint', 'npx', ['nx', 'run-many', '-t', 'typecheck', 'lint', '--parallel=2', '--output-style=static'], { env: { NX_DAEMON: 'false' } });
      return vitest('vitest unit', 'unit', vitestUnitJson, {});
    })();
    // No stack given: the journeys' global setup starts a fresh one on their port base. No traces: a
    // failed journey is named at the end, to be run again alone with its trace (docs/testing.md).
    const journeysEnv = { STEWARD_TEST_API_URL: '', STEWARD_TEST_ANON_KEY: '', STEWARD_TEST_SERVICE_ROLE_KEY: '', STEWARD_TEST_PORT_BASE: String(JOURNEYS_PORT_BASE), STEWARD_E2E_JSON: playwrightJson, STEWARD_E2E_TRACE: 'off' };
    journeys = clock.run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: journeysEnv });
    journeys.catch(() => undefined);
    stack = await stackReady;
    // The suites that start stacks of their own follow the stack suites in their lane, which ends
    // minutes before the journeys (its files share one worker's loaded modules); a start may take its
    // whole budget there (they get a start's time per test, vitest.ownStacks.config.ts). The lane
    // answers both exit codes.
    stackLane = (async () => {
      const stackExit = await vitest('vitest stack', 'stack', vitestStackJson, stackEnv(stack));
      const ownExit = await vitest('vitest own stacks', 'own', vitestOwnJson, stackEnv(stack));
      return { stackExit, ownExit };
    })();
    const [unitExit, { stackExit, ownExit }, playwrightExit] = await Promise.all([checksAndUnit, stackLane, journeys]);
    const unitReports = [await readJson(vitestUnitJson), await readJson(vitestStackJson), await readJson(vitestOwnJson)];
    unit = sumCounts([vitestCounts(unitReports[0], unitExit), vitestCounts(unitReports[1], stackExit), vitestCounts(unitReports[2], ownExit)]);
    failures = unitReports.flatMap(vitestFailures);
    const playwrightReport = await readJson(playwrightJson);
    e2e = playwrightCounts(playwrightReport, playwrightExit);
    failures = [...failures, ...playwrightFailures(playwrightReport)];
  } finally {
    // Nothing is left running behind a failure: the other lane ends first (its exit counts above).
    await checksAndUnit?.catch(() => undefined);
    await stackLane?.catch(() => undefined);
    await journeys?.catch(() => undefined);
    // A stack that failed to start has nothing to stop; one still starting is waited for and stopped.
    stack ??= await stackReady.catch(() => undefined);
    await stack?.stop();
  }

  const checks = { passed: checksExit === 0 ? 1 : 0, failed: checksExit === 0 ? 0 : 1, skipped: 0 };
  const passed = checks.passed + unit.passed + e2e.passed;
  const failed = checks.failed + unit.failed + e2e.failed;
  const skipped = unit.skipped + e2e.skipped;
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  const [load] = os.loadavg();
  // What the stages' own commands did not use is the stack's: Postgres, PostgREST and the gateway.
  const cpu = await cpuSeconds();
  const machineAtEnd = await machineTicks();
  // Of the machine's time: busy, and taken by the host it runs on (steal), the rest idle.
  const share = (key) => {
    const spent = (name) => machineAtEnd[name] - machineAtStart[name];
    return Math.round((100 * spent(key)) / (spent('busy') + spent('idle') + spent('steal')));
  };
  const busy = machineAtStart && machineAtEnd ? ` · machine busy ${share('busy')}%, stolen ${share('steal')}%` : '';
  console.log(
    `\nStages: ${clock.line()} · stack services CPU ${Math.round(cpu - clock.measuredCpu())} s · CPU ${Math.round(cpu)} s · load ${load.toFixed(1)} on ${os.availableParallelism()} cores${busy}`,
  );
  console.log(`Type checks and lint ${checksExit === 0 ? 'passed' : 'FAILED'} · Vitest ${unit.passed} passed, ${unit.failed} failed · Playwright ${e2e.passed} passed, ${e2e.failed} failed · ${minutes} min`);
  // The names come last, so a log cut to its tail still says what failed.
  for (const name of failures) console.log(`✘ ${name}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
