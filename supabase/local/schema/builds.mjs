// @ts-check
// Throwaway databases built the three ways the schema tools compare: the platform baseline alone, the
// baseline plus every migration, and the baseline plus the schema files. Each is built in a cluster of
// its own, so roles and role settings (which a cluster shares) are compared too.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DB_PASSWORD } from '../keys.mjs';
import { createLogger } from '../log.mjs';
import { migrate } from '../migrate.mjs';
import { createEmbeddedPostgres } from '../postgres.mjs';
import { readCatalog } from './catalog.mjs';
import { schemaPaths } from './schemaFiles.mjs';

export const SUPABASE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRATCH_ROOT = path.resolve(SUPABASE_DIR, '..', '.steward', 'scratch');

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Run `use` against a new, empty Postgres cluster, removed afterwards.
 * @template T
 * @param {string} name
 * @param {(client: import('pg').Client, dbUrl: string) => Promise<T>} use
 * @returns {Promise<T>}
 */
export async function withScratchDatabase(name, use) {
  const log = createLogger(process.env.STEWARD_STACK_LOG === 'debug' ? 'debug' : 'silent');
  const dataDir = path.join(SCRATCH_ROOT, `${name}-${process.pid}-${Date.now()}`);
  await fs.mkdir(SCRATCH_ROOT, { recursive: true, mode: 0o755 });
  const pgPort = await freePort();
  const { service } = await createEmbeddedPostgres(/** @type {any} */ ({ dataDir, pgDataDir: path.join(dataDir, 'postgres'), pgPort, host: '127.0.0.1' }), log);
  await service.start();
  const dbUrl = `postgresql://postgres:${DB_PASSWORD}@127.0.0.1:${pgPort}/postgres`;
  const client = new pg.Client(dbUrl);
  try {
    await client.connect();
    return await use(client, dbUrl);
  } finally {
    await client.end().catch(() => undefined);
    await service.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const quietLog = createLogger('silent');
const NO_SEED = path.join(SUPABASE_DIR, 'no-seed.sql');

/** The platform baseline alone. @param {import('pg').Client} client */
export async function buildBaseline(client) {
  await migrate(client, { migrationsDir: path.join(SUPABASE_DIR, 'no-migrations'), seedFile: NO_SEED, log: quietLog });
}

/**
 * The baseline and every migration of a folder, without the seed.
 * @param {import('pg').Client} client
 * @param {string} [migrationsDir]
 */
export async function buildFromMigrations(client, migrationsDir = path.join(SUPABASE_DIR, 'migrations')) {
  await migrate(client, { migrationsDir, seedFile: NO_SEED, log: quietLog });
}

/**
 * The baseline and the schema files, in config.toml's order.
 * @param {import('pg').Client} client
 * @param {string} [supabaseDir]
 */
export async function buildFromSchemaFiles(client, supabaseDir = SUPABASE_DIR) {
  await buildBaseline(client);
  for (const file of await schemaPaths(supabaseDir)) {
    const sql = await fs.readFile(path.join(supabaseDir, file), 'utf8');
    try {
      await client.query(sql);
    } catch (error) {
      const failure = /** @type {Error & { position?: string }} */ (error);
      const line = failure.position ? ` (line ${sql.slice(0, Number(failure.position)).split('\n').length})` : '';
      throw new Error(`${file}${line}: ${failure.message}`);
    }
    await client.query('reset all');
  }
}

/**
 * @param {(client: import('pg').Client) => Promise<void>} build
 * @param {string} name
 */
export function catalogOf(build, name) {
  return withScratchDatabase(name, async (client) => {
    await build(client);
    return readCatalog(client);
  });
}

/**
 * Two throwaway builds side by side. Both run to their end (and stop their clusters) before a failure
 * of either is thrown: a process that exits on the first failure would leave the other's cluster behind.
 * @template A, B
 * @param {Promise<A>} first @param {Promise<B>} second
 * @returns {Promise<[A, B]>}
 */
export async function both(first, second) {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** @type {Promise<import('./catalog.mjs').DbObject[]> | undefined} */
let migrationsOnce;
/** @type {Promise<import('./catalog.mjs').DbObject[]> | undefined} */
let baselineOnce;

/**
 * The catalog of a database built from this checkout's migrations, built once per process: the drift
 * and upgrade suites (one worker, modules shared) compare against the same build.
 */
export function migrationsCatalog() {
  return (migrationsOnce ??= catalogOf(buildFromMigrations, 'migrations'));
}

/** The catalog of the platform baseline alone, built once per process. */
export function baselineCatalog() {
  return (baselineOnce ??= catalogOf(buildBaseline, 'baseline'));
}

/**
 * What differs between two readings: keys only in one, and keys whose SQL differs.
 * @param {import('./catalog.mjs').DbObject[]} from
 * @param {import('./catalog.mjs').DbObject[]} to
 */
export function compareCatalogs(from, to) {
  const a = new Map(from.map((o) => [o.key, o]));
  const b = new Map(to.map((o) => [o.key, o]));
  return {
    onlyInFrom: from.filter((o) => !b.has(o.key)),
    onlyInTo: to.filter((o) => !a.has(o.key)),
    changed: to.filter((o) => a.has(o.key) && a.get(o.key)?.sql !== o.sql).map((o) => ({ from: /** @type {import('./catalog.mjs').DbObject} */ (a.get(o.key)), to: o })),
  };
}

/** A reading of compareCatalogs for people. @param {ReturnType<typeof compareCatalogs>} difference @param {[string, string]} names */
export function describeDifference({ onlyInFrom, onlyInTo, changed }, [fromName, toName]) {
  const lines = [];
  for (const o of onlyInFrom) lines.push(`only in ${fromName}: ${o.key}`);
  for (const o of onlyInTo) lines.push(`only in ${toName}: ${o.key}`);
  for (const { from, to } of changed) {
    const left = from.sql.split('\n');
    const right = to.sql.split('\n');
    const first = left.findIndex((line, i) => line !== right[i]);
    lines.push(`differs: ${to.key}\n  ${fromName}: ${left[first] ?? '(nothing)'}\n  ${toName}: ${right[first] ?? '(nothing)'}`);
  }
  return lines.join('\n');
}
