// @ts-check
// Platform baseline, then supabase/migrations/*.sql in filename order (each once, in its own
// transaction, recorded like the Supabase CLI records them), then seed.sql once per database.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DB_PASSWORD } from './keys.mjs';

const BASELINE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline.sql');
// Serialises concurrent starts against one database (two stacks sharing a DATABASE_URL).
const MIGRATION_LOCK = 5_432_100;
// A migration may leave its session changed (role, search_path, settings); each file starts clean.
// ALTER DATABASE ... SET search_path reaches only new sessions, hence the explicit path.
const SESSION_RESET = 'reset role; reset all; set search_path = "$user", public, extensions';

/**
 * @typedef {object} MigrationResult
 * @property {boolean} baselineApplied
 * @property {string[]} applied file names applied in this run
 * @property {boolean} seeded
 */

/**
 * @param {import('pg').Client} client connected as a superuser
 * @param {{ migrationsDir: string, seedFile: string, log: import('./log.mjs').Logger }} options
 * @returns {Promise<MigrationResult>}
 */
export async function migrate(client, { migrationsDir, seedFile, log }) {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key,
        name text,
        statements text[],
        applied_at timestamptz not null default now()
      );
      create table if not exists supabase_migrations.seed_files (
        path text primary key,
        hash text not null,
        applied_at timestamptz not null default now()
      );
      create table if not exists supabase_migrations.local_baseline (
        id boolean primary key default true check (id),
        hash text not null,
        applied_at timestamptz not null default now()
      );
    `);
    const baselineApplied = await applyBaseline(client, log);
    await client.query(SESSION_RESET);
    const applied = await applyMigrations(client, migrationsDir, log);
    const seeded = await applySeed(client, seedFile, log);
    if (baselineApplied || applied.length > 0 || seeded) {
      // A new schema or seed leaves the tables without statistics until autovacuum visits them, and
      // the planner guesses their sizes meanwhile (the access checks joined small tables as if large).
      const started = Date.now();
      await client.query('analyze');
      log.debug(`statistics gathered in ${Date.now() - started} ms`);
    }
    return { baselineApplied, applied, seeded };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** @param {import('pg').Client} client @param {import('./log.mjs').Logger} log */
async function applyBaseline(client, log) {
  const sql = await fs.readFile(BASELINE_FILE, 'utf8');
  const hash = sha256(sql);
  const { rows } = await client.query('select hash from supabase_migrations.local_baseline');
  if (rows[0]?.hash === hash) return false;
  await inTransaction(client, 'baseline.sql', sql, async () => {
    await client.query(`alter role authenticator with password ${client.escapeLiteral(DB_PASSWORD)}`);
    await client.query(
      `insert into supabase_migrations.local_baseline (hash) values ($1)
       on conflict (id) do update set hash = excluded.hash, applied_at = now()`,
      [hash],
    );
  });
  log.debug('platform baseline applied');
  return true;
}

/**
 * @param {import('pg').Client} client
 * @param {string} migrationsDir
 * @param {import('./log.mjs').Logger} log
 */
async function applyMigrations(client, migrationsDir, log) {
  const files = await migrationFiles(migrationsDir);
  const { rows } = await client.query('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((row) => row.version));
  await recordSquashedBaseline(client, migrationsDir, done, log);
  /** @type {string[]} */
  const applied = [];
  for (const file of files) {
    if (done.has(file.version)) continue;
    const sql = await fs.readFile(path.join(migrationsDir, file.name), 'utf8');
    const started = Date.now();
    await inTransaction(client, `migrations/${file.name}`, sql, async () => {
      await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        file.version,
        file.label,
      ]);
    });
    await client.query(SESSION_RESET);
    log.debug(`migration ${file.name} applied in ${Date.now() - started} ms`);
    applied.push(file.name);
  }
  return applied;
}

/**
 * After a squash (squashed.json beside the migrations folder), a database that applied every squashed
 * migration already is what the baseline builds: the baseline is recorded as applied, not run. One that
 * applied only some of them predates the release the squash starts from, and cannot be upgraded here.
 * @param {import('pg').Client} client
 * @param {string} migrationsDir
 * @param {Set<string>} done versions applied (the baseline's is added when recorded)
 * @param {import('./log.mjs').Logger} log
 */
async function recordSquashedBaseline(client, migrationsDir, done, log) {
  let squashed;
  try {
    squashed = JSON.parse(await fs.readFile(path.join(migrationsDir, '..', 'squashed.json'), 'utf8'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return;
    throw error;
  }
  /** @type {{ baseline: string, release: string, replaces: string[] }} */
  const { baseline, release, replaces } = squashed;
  if (done.has(baseline) || !replaces.some((version) => done.has(version))) return;
  const missing = replaces.filter((version) => !done.has(version));
  if (missing.length > 0) {
    throw new Error(
      `This database was built before release ${release} (it lacks migrations ${missing.join(', ')}), and the migrations up to ${release} are squashed into ${baseline}_baseline.sql. ` +
        `Upgrade it with release ${release} first (git checkout ${release}, start it once), or start over with \`npm run db:reset\`.`,
    );
  }
  await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [baseline, 'baseline']);
  done.add(baseline);
  log.info(`the database has every migration up to ${release}: ${baseline}_baseline.sql recorded as applied`);
}

/**
 * Supabase CLI naming: `<version>_<name>.sql`, applied in filename order.
 * @param {string} dir
 */
export async function migrationFiles(dir) {
  let names;
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return [];
    throw error;
  }
  const files = names
    .filter((name) => name.endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => {
      const base = name.slice(0, -'.sql'.length);
      const separator = base.indexOf('_');
      return {
        name,
        version: separator === -1 ? base : base.slice(0, separator),
        label: separator === -1 ? base : base.slice(separator + 1),
      };
    });
  const seen = new Map();
  for (const file of files) {
    const other = seen.get(file.version);
    if (other) throw new Error(`Migrations ${other} and ${file.name} share the version ${file.version}; rename one`);
    seen.set(file.version, file.name);
  }
  return files;
}

/**
 * @param {import('pg').Client} client
 * @param {string} seedFile
 * @param {import('./log.mjs').Logger} log
 */
async function applySeed(client, seedFile, log) {
  let sql;
  try {
    sql = await fs.readFile(seedFile, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return false;
    throw error;
  }
  const hash = sha256(sql);
  const key = path.basename(seedFile);
  const { rows } = await client.query('select hash from supabase_migrations.seed_files where path = $1', [key]);
  if (rows[0]) {
    if (rows[0].hash !== hash) log.info(`${key} changed since it was applied; run \`npm run db:reset\` to seed again`);
    return false;
  }
  await inTransaction(client, key, sql, async () => {
    await client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [key, hash]);
  });
  await client.query(SESSION_RESET);
  log.debug(`${key} applied`);
  return true;
}

/**
 * @param {import('pg').Client} client
 * @param {string} label
 * @param {string} sql
 * @param {() => Promise<void>} record
 */
async function inTransaction(client, label, sql, record) {
  await client.query('begin');
  try {
    await client.query(sql);
    await record();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new Error(`${label} failed: ${describeSqlError(/** @type {Error & { position?: string }} */ (error), sql)}`);
  }
}

/**
 * Postgres reports a character offset; people read line numbers.
 * @param {Error & { position?: string, detail?: string, hint?: string }} error
 * @param {string} sql
 */
function describeSqlError(error, sql) {
  const parts = [error.message];
  if (error.position) {
    const line = sql.slice(0, Number(error.position)).split('\n').length;
    parts.push(`(line ${line})`);
  }
  if (error.detail) parts.push(`\n  detail: ${error.detail}`);
  if (error.hint) parts.push(`\n  hint: ${error.hint}`);
  return parts.join(' ');
}

/** @param {string} text */
function sha256(text) {
  return createHash('sha256').update(text).digest('hex');
}
