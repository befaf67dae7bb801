#!/usr/bin/env node
// @ts-check
// npm run db:start | db:stop | db:reset  →  node supabase/local/cli.mjs start|stop|reset|status
// `start` runs the stack detached in the background and returns once it is ready.
import { resolveStackConfig } from './config.mjs';
import { launchDetached, logTail, waitUntilReady } from './backgroundStack.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.mjs';
import { isAlive, isRecordedProcessAlive, readPidFile } from './processControl.mjs';
import { stopRunningStack, wipeDataDir } from './stack.mjs';

const USAGE = `Usage: node supabase/local/cli.mjs <command>

  start    start the local stack in the background (no-op if it is already running)
  stop     stop it (graceful, then forced)
  reset    stop it, wipe its data dir, start fresh (baseline, migrations, seed)
  status   say whether it runs (exit 0) or not (exit 3)

Environment: STEWARD_PORT_BASE, STEWARD_DATA_DIR, DATABASE_URL, STEWARD_AUTH_AUTOCONFIRM, STEWARD_STACK_LOG,
             STEWARD_MIGRATIONS_DIR, STEWARD_SEED_FILE (see supabase/local/README.md)`;

/** @param {import('./config.mjs').StackConfig} config */
function printDetails(config) {
  console.log(
    [
      `  API URL           ${config.apiUrl}`,
      `  anon key          ${ANON_KEY}`,
      `  service_role key  ${SERVICE_ROLE_KEY}`,
      `  DB URL            ${config.dbUrl}`,
      `  Mail outbox       ${config.mailUrl}`,
      `  data dir          ${config.dataDir}`,
      `  log               ${config.logFile}`,
    ].join('\n'),
  );
}

/** @param {import('./config.mjs').StackConfig} config */
async function start(config) {
  const running = await readPidFile(config.pidFile);
  if (running && isRecordedProcessAlive(running)) {
    if (!running.ready) await waitUntilReady(config, running.pid, () => !isAlive(running.pid));
    console.log(`The local stack is already running (pid ${running.pid}).`);
    printDetails(config);
    return 0;
  }
  const started = Date.now();
  const daemon = await launchDetached(config);
  if (!(await waitUntilReady(config, daemon.pid, daemon.hasExited))) {
    if (!daemon.hasExited() && isAlive(daemon.pid)) process.kill(daemon.pid, 'SIGTERM');
    console.error(`The local stack failed to start. Last log lines (${config.logFile}):\n`);
    console.error(await logTail(config));
    return 1;
  }
  console.log(`The local stack is running (pid ${daemon.pid}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  printDetails(config);
  return 0;
}

/** @param {import('./config.mjs').StackConfig} config */
async function stop(config) {
  const pid = await stopRunningStack(config);
  console.log(pid === null ? 'The local stack is not running.' : `The local stack (pid ${pid}) has stopped.`);
  return 0;
}

/** @param {import('./config.mjs').StackConfig} config */
async function reset(config) {
  if (config.externalDbUrl) {
    console.error('reset wipes the embedded database only; DATABASE_URL points at an external database — reset that one yourself.');
    return 1;
  }
  await stopRunningStack(config);
  await wipeDataDir(config.dataDir);
  console.log(`Wiped ${config.dataDir}.`);
  return start(config);
}

/** @param {import('./config.mjs').StackConfig} config */
async function status(config) {
  const record = await readPidFile(config.pidFile);
  if (!record || !isRecordedProcessAlive(record)) {
    console.log('The local stack is not running.');
    return 3;
  }
  const health = await fetch(`${config.apiUrl}/health`)
    .then(async (response) => /** @type {{ services?: Record<string, string> }} */ (await response.json()))
    .catch(() => null);
  const services = health?.services
    ? Object.entries(health.services).map(([name, state]) => `${name} ${state}`).join(', ')
    : 'gateway not answering';
  console.log(`The local stack is ${record.ready ? 'running' : 'starting'} (pid ${record.pid}): ${services}.`);
  printDetails(config);
  return 0;
}

const commands = { start, stop, reset, status };
const name = process.argv[2];
if (!name || !(name in commands)) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const config = resolveStackConfig();
  process.exitCode = await commands[/** @type {keyof typeof commands} */ (name)](config);
} catch (error) {
  console.error(`db ${name} failed: ${/** @type {Error} */ (error).message}`);
  process.exitCode = 1;
}
