// @ts-check
// One place that turns options and environment variables into the stack's ports, paths and switches.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DB_PASSWORD, DEFAULT_PORT_BASE } from './keys.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..', '..');

/** Schemas PostgREST serves, in order: the first is the default when no profile header is sent. */
export const EXPOSED_SCHEMAS = ['public', 'crm', 'catalog', 'hr', 'ops', 'settings'];

/** Rows one API request returns at most, as hosted Supabase's default (config.toml api.max_rows). */
export const API_MAX_ROWS = 1000;

/** Hosted Supabase's default upload limit (config.toml storage.file_size_limit); a bucket's own can only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** @typedef {'silent' | 'info' | 'debug'} LogLevel */

/**
 * @typedef {object} StackOptions
 * @property {number} [portBase] gateway port; Postgres, PostgREST and its admin server use the next three
 * @property {string} [dataDir] where Postgres data, object bodies, pid files and logs live
 * @property {boolean} [fresh] wipe the data dir first
 * @property {LogLevel} [log]
 * @property {string} [databaseUrl] external Postgres instead of the embedded one
 * @property {boolean} [autoconfirm] sign-ups are confirmed at once (no e-mail step)
 * @property {string} [migrationsDir]
 * @property {string} [seedFile]
 */

/**
 * @typedef {object} StackConfig
 * @property {number} portBase
 * @property {number} gatewayPort
 * @property {number} pgPort
 * @property {number} restPort
 * @property {number} restAdminPort
 * @property {string} host
 * @property {string} apiUrl
 * @property {string} dataDir
 * @property {string} pgDataDir
 * @property {string} storageDir
 * @property {string} pidFile
 * @property {string} logFile
 * @property {string | null} externalDbUrl
 * @property {string} dbUrl
 * @property {string} restDbUrl
 * @property {boolean} autoconfirm
 * @property {LogLevel} logLevel
 * @property {string} migrationsDir
 * @property {string} seedFile
 * @property {boolean} fresh
 */

/**
 * @param {StackOptions} [options]
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {StackConfig}
 */
export function resolveStackConfig(options = {}, env = process.env) {
  const portBase = options.portBase ?? parsePort(env.STEWARD_PORT_BASE) ?? DEFAULT_PORT_BASE;
  const host = '127.0.0.1';
  const dataDir = path.resolve(
    options.dataDir ?? (env.STEWARD_DATA_DIR || path.join(REPO_ROOT, '.steward', `stack-${portBase}`)),
  );
  const externalDbUrl = options.databaseUrl ?? (env.DATABASE_URL || null);
  const pgPort = portBase + 1;
  const dbUrl = externalDbUrl ?? `postgresql://postgres:${DB_PASSWORD}@${host}:${pgPort}/postgres`;
  return {
    portBase,
    gatewayPort: portBase,
    pgPort,
    restPort: portBase + 2,
    restAdminPort: portBase + 3,
    host,
    apiUrl: `http://${host}:${portBase}`,
    dataDir,
    pgDataDir: path.join(dataDir, 'postgres'),
    storageDir: path.join(dataDir, 'storage'),
    pidFile: path.join(dataDir, 'stack.pid'),
    logFile: path.join(dataDir, 'stack.log'),
    externalDbUrl,
    dbUrl,
    restDbUrl: withCredentials(dbUrl, 'authenticator', DB_PASSWORD),
    autoconfirm: options.autoconfirm ?? parseBoolean(env.STEWARD_AUTH_AUTOCONFIRM) ?? true,
    logLevel: options.log ?? parseLogLevel(env.STEWARD_STACK_LOG) ?? 'info',
    migrationsDir: path.resolve(options.migrationsDir ?? (env.STEWARD_MIGRATIONS_DIR || path.join(REPO_ROOT, 'supabase', 'migrations'))),
    seedFile: path.resolve(options.seedFile ?? (env.STEWARD_SEED_FILE || path.join(REPO_ROOT, 'supabase', 'seed.sql'))),
    fresh: options.fresh ?? false,
  };
}

/** @param {string | undefined} value */
function parsePort(value) {
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1024 || port > 65532) {
    throw new Error(`STEWARD_PORT_BASE must be an integer between 1024 and 65532, got "${value}"`);
  }
  return port;
}

/** @param {string | undefined} value */
function parseBoolean(value) {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`Expected true or false, got "${value}"`);
}

/** @param {string | undefined} value @returns {LogLevel | undefined} */
function parseLogLevel(value) {
  if (value === 'silent' || value === 'info' || value === 'debug') return value;
  return undefined;
}

/** PostgREST logs in as `authenticator` on the same server and database as the admin URL. */
function withCredentials(/** @type {string} */ url, /** @type {string} */ user, /** @type {string} */ password) {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
}
