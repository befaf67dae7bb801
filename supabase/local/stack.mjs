// @ts-check
// startStack/resetStack: the whole local Supabase-compatible stack inside the caller's process tree.
// Postgres and PostgREST are child processes; the gateway, auth and storage run in this process.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { resolveStackConfig } from './config.mjs';
import { createLogger } from './log.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.mjs';
import { migrate } from './migrate.mjs';
import { createEmbeddedPostgres, stopOrphanedPostgres } from './postgres.mjs';
import { createPostgrest, stopOrphanedPostgrest } from './postgrest.mjs';
import { startGateway } from './gateway.mjs';
import { createAuthService, isPublicAuthPath } from './auth/authService.mjs';
import { createStorageService, isPublicStoragePath } from './storage/storageService.mjs';
import { startMailOutbox } from './mail/mailOutbox.mjs';
import { startInboundMail } from './mail/inboundMail.mjs';
import { startOutboxSender } from './mail/outboxSender.mjs';
import { startScheduler } from './scheduler.mjs';
import { startStorageRemovals } from './storage/storageRemovals.mjs';
import { createPaymentsHandler } from '../functions/payments/handler.mjs';
import { createTestPaymentProvider } from '../functions/payments/testDouble.mjs';
import { delay, isRecordedProcessAlive, readPidFile, removeFile, terminate, waitForExit, writePidFile } from './processControl.mjs';

// Written into every data dir the stack creates; a directory without it is never wiped.
const DATA_DIR_MARKER = '.steward-stack';

/**
 * @typedef {object} RunningStack
 * @property {string} apiUrl
 * @property {string} anonKey
 * @property {string} serviceRoleKey
 * @property {string} dbUrl
 * @property {string} dataDir
 * @property {string} mailUrl the mail outbox's web page; its JSON API is `${mailUrl}/api/email`
 * @property {() => Record<string, number | null>} pids child process ids (postgres is null with DATABASE_URL)
 * @property {() => Promise<void>} stop
 */

export class StackAlreadyRunningError extends Error {
  /** @param {import('./processControl.mjs').PidRecord} record @param {string} dataDir */
  constructor(record, dataDir) {
    super(`The local stack for ${dataDir} is already running (pid ${record.pid}${record.apiUrl ? `, ${record.apiUrl}` : ''})`);
    this.name = 'StackAlreadyRunningError';
    this.record = record;
  }
}

/**
 * @param {import('./config.mjs').StackOptions & { detached?: boolean }} [options]
 * @returns {Promise<RunningStack>}
 */
export async function startStack(options = {}) {
  const config = resolveStackConfig(options);
  const log = createLogger(config.logLevel);
  const started = Date.now();

  const owner = await readPidFile(config.pidFile);
  // Also when the owner is this very process: one data dir, one running stack.
  if (owner && isRecordedProcessAlive(owner)) {
    throw new StackAlreadyRunningError(owner, config.dataDir);
  }
  if (config.fresh) await wipeDataDir(config.dataDir);
  await prepareDataDir(config.dataDir);
  await writePidFile(config.pidFile, process.pid, stackRecord(config, options.detached ?? false, false));

  /** @type {Array<() => Promise<void>>} */
  const teardown = [];
  /** @type {import('./supervisor.mjs').SupervisedService[]} */
  const services = [];
  const killChildrenOnExit = () => {
    // Last resort when the owner exits without stop(): no orphan keeps the ports or the data dir.
    for (const service of services) {
      const pid = service.pid();
      if (pid === null) continue;
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', killChildrenOnExit);

  const stopAll = async () => {
    while (teardown.length) {
      const step = /** @type {() => Promise<void>} */ (teardown.pop());
      await step().catch((error) => log.error(`stop: ${error?.message ?? error}`));
    }
    process.off('exit', killChildrenOnExit);
    const current = await readPidFile(config.pidFile);
    if (current?.pid === process.pid) await removeFile(config.pidFile);
  };

  try {
    // Leftovers of a SIGKILLed run hold the ports; clear them before checking that the ports are free.
    await stopOrphanedPostgrest(config, log);
    if (!config.externalDbUrl) await stopOrphanedPostgres(config.pgDataDir, log);
    await ensurePortsFree(
      config,
      config.externalDbUrl
        ? ['gatewayPort', 'restPort', 'restAdminPort', 'mailSmtpPort', 'mailWebPort', 'inboundSmtpPort']
        : ['gatewayPort', 'pgPort', 'restPort', 'restAdminPort', 'mailSmtpPort', 'mailWebPort', 'inboundSmtpPort'],
      log,
    );

    /** @type {import('./supervisor.mjs').SupervisedService | null} */
    let postgres = null;
    if (!config.externalDbUrl) {
      const embedded = await createEmbeddedPostgres(config, log);
      postgres = embedded.service;
      services.push(postgres);
      const pgStarted = Date.now();
      await postgres.start();
      teardown.push(() => /** @type {import('./supervisor.mjs').SupervisedService} */ (postgres).stop());
      log.info(`postgres   ready on ${config.host}:${config.pgPort} (${embedded.initialised ? 'new cluster, ' : ''}${Date.now() - pgStarted} ms)`);
    } else {
      log.info('postgres   external (DATABASE_URL)');
    }

    const migrationStarted = Date.now();
    const client = new pg.Client({ connectionString: config.dbUrl });
    await client.connect();
    try {
      const result = await migrate(client, { migrationsDir: config.migrationsDir, seedFile: config.seedFile, log });
      const summary = [
        result.baselineApplied ? 'baseline' : null,
        result.applied.length ? `${result.applied.length} migration(s)` : null,
        result.seeded ? 'seed.sql' : null,
      ].filter(Boolean);
      log.info(`migrations ${summary.length ? `applied ${summary.join(', ')}` : 'up to date'} (${Date.now() - migrationStarted} ms)`);
      // The access functions (apply_for_access, activate_invite) create auth users in SQL; they read
      // this setting to confirm them at once exactly when the auth service would.
      await client.query(`alter database ${pg.escapeIdentifier(client.database ?? "postgres")} set steward.auth_autoconfirm = ${config.autoconfirm ? "'on'" : "'off'"}`);
      // Links in the product's own e-mails (a guest's online booking) point at the site the auth links do.
      await client.query(`alter database ${pg.escapeIdentifier(client.database ?? "postgres")} set steward.site_url = ${pg.escapeLiteral(config.siteUrl)}`);
      // Organisations receive mail (and replies to what they send) at <slug>@ this domain.
      await client.query(`alter database ${pg.escapeIdentifier(client.database ?? "postgres")} set steward.inbound_domain = ${pg.escapeLiteral(config.inboundDomain)}`);
      // The sign-up and invitation functions count requests per client address against the same
      // [auth.rate_limit] values as the auth service (a project without that migration has no table).
      await client.query(
        `update app.request_limits set per_five_minutes = case name when 'sign_in_sign_ups' then $1::int when 'token_verifications' then $2::int end where name in ('sign_in_sign_ups', 'token_verifications')`,
        [config.authRateLimits.signInSignUps, config.authRateLimits.tokenVerifications],
      ).catch((/** @type {{ code?: string }} */ error) => {
        if (error.code !== '42P01' && error.code !== '3F000') throw error;
      });
    } finally {
      await client.end();
    }

    const pool = new pg.Pool({ connectionString: config.dbUrl, max: 10, idleTimeoutMillis: 30_000 });
    // Idle clients error when Postgres restarts; the pool drops them and the next query reconnects.
    pool.on('error', (error) => log.debug(`db pool: ${error.message}`));
    teardown.push(() => pool.end());

    // The mail outbox starts while PostgREST does (loading MailDev takes a moment).
    const outboxStarting = startMailOutbox(config);
    outboxStarting.catch(() => undefined); // awaited below, where a failure fails the start
    teardown.push(async () => (await outboxStarting.catch(() => null))?.stop());

    const postgrest = createPostgrest(config, log);
    services.push(postgrest);
    const restStarted = Date.now();
    await postgrest.start();
    teardown.push(() => postgrest.stop());
    log.info(`postgrest  ready on ${config.host}:${config.restPort} (${Date.now() - restStarted} ms)`);
    // PostgREST retries a lost database with a growing backoff (up to 32 s); when the supervisor has
    // Postgres back, SIGUSR1 makes it reconnect and reload its schema cache at once.
    postgres?.onStateChange((state) => {
      const pid = postgrest.pid();
      if (state === 'up' && pid) process.kill(pid, 'SIGUSR1');
    });

    await outboxStarting;
    log.info(`mail       outbox on ${config.mailUrl} (SMTP ${config.host}:${config.mailSmtpPort})`);

    // The product's own e-mails (app.mail_outbox) and its time-based work (app.scheduled_jobs).
    const outboxSender = startOutboxSender({ config, pool, log });
    teardown.push(() => outboxSender.stop());
    const scheduler = startScheduler({ pool, log });
    teardown.push(() => scheduler.stop());

    const auth = createAuthService({ config, pool, log });
    teardown.push(async () => auth.close());
    const storage = await createStorageService({ config, pool, log });
    const gateway = await startGateway({
      config,
      postgrest,
      auth: auth.handle,
      storage: storage.handle,
      isPublicStoragePath,
      isPublicAuthPath,
      // The payments Edge Function, with the payment provider interface's test double in place of Stripe:
      // no request leaves this machine, and its pay page sends the webhook Stripe would (docs/deploy.md).
      functions: {
        payments: createPaymentsHandler({ apiUrl: config.apiUrl, serviceRoleKey: SERVICE_ROLE_KEY, provider: createTestPaymentProvider(), log: (line) => log.info(line) }),
      },
      health: () => ({
        postgres: postgres ? postgres.state() : 'up',
        postgrest: postgrest.state(),
        auth: 'up',
        storage: 'up',
      }),
      log,
    });
    teardown.push(async () => {
      await gateway.close();
      log.info('gateway    stopped');
    });

    // Stored objects the database has queued for removal (a person's erasure), removed through the
    // Storage API just started, as a hosted worker removes them through the project's.
    const storageRemovals = startStorageRemovals({ apiUrl: config.apiUrl, serviceRoleKey: SERVICE_ROLE_KEY, pool, log });
    teardown.push(() => storageRemovals.stop());

    // Inbound mail (gateway + 6): stores attachments through the Storage API just started.
    const inbound = await startInboundMail({ config, pool, log });
    teardown.push(() => inbound.stop());
    log.info(`mail       inbound on ${config.host}:${inbound.port} (*@${config.inboundDomain})`);

    await writePidFile(config.pidFile, process.pid, stackRecord(config, options.detached ?? false, true));
    log.info(`gateway    ready on ${config.apiUrl} (stack up in ${Date.now() - started} ms)`);

    let stopped = false;
    return {
      apiUrl: config.apiUrl,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      dbUrl: config.dbUrl,
      dataDir: config.dataDir,
      mailUrl: config.mailUrl,
      pids: () => ({ postgres: postgres?.pid() ?? null, postgrest: postgrest.pid() }),
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopAll();
        log.info('stack      stopped');
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Stops the stack that owns the data dir (SIGTERM to its process), wipes the data and starts fresh here.
 * @param {import('./config.mjs').StackOptions & { detached?: boolean }} [options]
 */
export async function resetStack(options = {}) {
  const config = resolveStackConfig(options);
  if (config.externalDbUrl) {
    throw new Error('reset wipes the embedded database only; DATABASE_URL points at an external database — reset that one yourself');
  }
  await stopRunningStack(config);
  return startStack({ ...options, fresh: true });
}

/**
 * Stops the stack recorded in the data dir's pid file, if it is alive. Returns the stopped owner's pid.
 * @param {import('./config.mjs').StackConfig} config
 * @returns {Promise<number | null>}
 */
export async function stopRunningStack(config) {
  const record = await readPidFile(config.pidFile);
  if (!record || !isRecordedProcessAlive(record)) {
    await removeFile(config.pidFile);
    return null;
  }
  if (record.pid === process.pid) throw new Error('The stack runs in this process; call its stop() instead');
  process.kill(record.pid, 'SIGTERM');
  if (!(await waitForExit(record.pid, 20_000))) {
    await terminate(record.pid, { signal: 'SIGKILL', graceMs: 2000 });
  }
  // A SIGKILLed owner leaves its children; the next start would clean them up, but stop promises a stopped stack.
  const log = createLogger('silent');
  await stopOrphanedPostgrest(config, log);
  await stopOrphanedPostgres(config.pgDataDir, log);
  await removeFile(config.pidFile);
  return record.pid;
}

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {boolean} detached
 * @param {boolean} ready
 */
function stackRecord(config, detached, ready) {
  return { apiUrl: config.apiUrl, dbUrl: config.dbUrl, portBase: config.portBase, detached, ready };
}

/** @param {string} dataDir */
async function prepareDataDir(dataDir) {
  await fs.mkdir(dataDir, { recursive: true });
  // The postgres OS user must traverse into the data dir to reach its cluster.
  await fs.chmod(dataDir, 0o755);
  await fs.writeFile(path.join(dataDir, DATA_DIR_MARKER), 'Data of a local Steward stack; `npm run db:reset` wipes it.\n');
}

/** @param {string} dataDir */
export async function wipeDataDir(dataDir) {
  let entries;
  try {
    entries = await fs.readdir(dataDir);
  } catch {
    return;
  }
  if (entries.length > 0 && !entries.includes(DATA_DIR_MARKER)) {
    throw new Error(`Refusing to wipe ${dataDir}: it is not a local stack data dir (no ${DATA_DIR_MARKER} file)`);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
}

/**
 * Ports 54321… lie inside Linux's ephemeral range, so an outgoing connection may hold one of them for a
 * minute after it closes (TIME_WAIT); nothing can listen there until it expires. A port held that way
 * is waited for; a port with a real listener fails at once.
 * @param {import('./config.mjs').StackConfig} config
 * @param {Array<'gatewayPort' | 'pgPort' | 'restPort' | 'restAdminPort' | 'mailSmtpPort' | 'mailWebPort' | 'inboundSmtpPort'>} keys
 * @param {import('./log.mjs').Logger} log
 */
async function ensurePortsFree(config, keys, log) {
  for (const key of keys) {
    const port = config[key];
    const deadline = Date.now() + 65_000;
    let announced = false;
    while (!(await canListen(config.host, port))) {
      const listening = await hasListener(port);
      if (listening !== false || Date.now() > deadline) {
        throw new Error(
          `Port ${port} on ${config.host} is already in use (needed for ${key.replace('Port', '')}); ` +
            'another program or stack holds it — stop it or choose another STEWARD_PORT_BASE',
        );
      }
      if (!announced) {
        log.info(`port ${port} is held by a closing connection (TIME_WAIT); waiting for the system to release it`);
        announced = true;
      }
      await delay(500);
    }
  }
}

/** @param {string} host @param {number} port @returns {Promise<boolean>} */
function canListen(host, port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * Whether a socket listens on the port (IPv4 or IPv6, any address), or null where /proc is unavailable.
 * @param {number} port
 * @returns {Promise<boolean | null>}
 */
async function hasListener(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let found = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table;
    try {
      table = await fs.readFile(file, 'utf8');
    } catch {
      if (file === '/proc/net/tcp') return null;
      continue;
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // State 0A is LISTEN.
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) found = true;
    }
  }
  return found;
}
