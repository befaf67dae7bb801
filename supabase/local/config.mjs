// @ts-check
// One place that turns options and environment variables into the stack's ports, paths and switches.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
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
 * GoTrue's rate limits, under the names config.toml gives them ([auth.rate_limit] and [auth.email]).
 * @typedef {object} AuthRateLimits
 * @property {number} emailSent auth mails sent per hour, all addresses together
 * @property {number} signInSignUps password sign-ins, sign-ups, OTP, recovery and resend requests per 5 minutes, per IP address and per e-mail address
 * @property {number} tokenVerifications code and link checks (/verify) per 5 minutes, per IP address and per e-mail address
 * @property {number} tokenRefresh session refreshes per 5 minutes per IP address
 * @property {number} emailMaxFrequencySeconds the least time between two mails to one address
 */

/** Where Supabase keeps the project's settings; `supabase start` and a linked hosted project read it too. */
export const CONFIG_TOML = path.join(REPO_ROOT, 'supabase', 'config.toml');

/**
 * Limits for test and bench stacks, where every request comes from 127.0.0.1 and a run signs in
 * thousands of times: raised far above any run, still counted and enforced. Never for a served stack.
 * @type {AuthRateLimits}
 */
export const TEST_AUTH_RATE_LIMITS = Object.freeze({
  emailSent: 1_000_000,
  signInSignUps: 1_000_000,
  tokenVerifications: 1_000_000,
  tokenRefresh: 1_000_000,
  emailMaxFrequencySeconds: 0,
});

/**
 * The outbox's SMTP timeout for test stacks: an unanswering server is given up on in seconds rather
 * than the served stack's 15, so a suite can wait for it; still far above any local server's answer.
 */
export const TEST_SMTP_TIMEOUT_MS = 3_000;

/**
 * What a test stack is started with (npm test's, the stack suites', the journeys'): the raised auth
 * limits and the short SMTP timeout above.
 */
export const TEST_STACK_OPTIONS = Object.freeze({ authRateLimits: TEST_AUTH_RATE_LIMITS, smtpTimeoutMs: TEST_SMTP_TIMEOUT_MS });

/**
 * The rate limits config.toml sets (GoTrue's defaults for what it leaves out).
 * @param {string} [file]
 * @returns {AuthRateLimits}
 */
export function authRateLimitsFromToml(file = CONFIG_TOML) {
  const toml = /** @type {{ auth?: { rate_limit?: Record<string, unknown>, email?: Record<string, unknown> } }} */ (parseToml(readFileSync(file, 'utf8')));
  const limits = toml.auth?.rate_limit ?? {};
  const count = (/** @type {string} */ key, /** @type {number} */ fallback) => {
    const value = limits[key] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new Error(`${file}: auth.rate_limit.${key} must be a whole number of at least 1, got ${JSON.stringify(value)}`);
    }
    return value;
  };
  return {
    emailSent: count('email_sent', 2),
    signInSignUps: count('sign_in_sign_ups', 30),
    tokenVerifications: count('token_verifications', 30),
    tokenRefresh: count('token_refresh', 150),
    emailMaxFrequencySeconds: durationSeconds(toml.auth?.email?.max_frequency ?? '1m0s', `${file}: auth.email.max_frequency`),
  };
}

/**
 * A Go duration as config.toml writes it ("60s", "1m0s", "1h") in whole seconds.
 * @param {unknown} value @param {string} name
 */
export function durationSeconds(value, name) {
  const text = String(value);
  const units = { h: 3600, m: 60, s: 1 };
  let total = 0;
  let consumed = 0;
  for (const match of text.matchAll(/(\d+)(h|m|s)/g)) {
    total += Number(match[1]) * units[/** @type {'h' | 'm' | 's'} */ (match[2])];
    consumed += match[0].length;
  }
  if (consumed === 0 || consumed !== text.length) throw new Error(`${name} must be a duration such as "60s", got ${JSON.stringify(value)}`);
  return total;
}

/**
 * @typedef {object} StackOptions
 * @property {number} [portBase] gateway port; Postgres, PostgREST and its admin server use the next three
 * @property {string} [dataDir] where Postgres data, object bodies, pid files and logs live
 * @property {boolean} [fresh] wipe the data dir first
 * @property {LogLevel} [log]
 * @property {string} [databaseUrl] external Postgres instead of the embedded one
 * @property {boolean} [autoconfirm] sign-ups are confirmed at once (no e-mail step)
 * @property {number} [minPasswordLength] GoTrue's minimum password length (config.toml: 8)
 * @property {string} [siteUrl] where auth e-mail links land when the request names no allowed redirect
 * @property {Partial<AuthRateLimits>} [authRateLimits] instead of config.toml's (tests and benches raise them)
 * @property {number} [smtpTimeoutMs] how long the outbox waits for an SMTP server to answer (STEWARD_SMTP_TIMEOUT_MS, 15 s)
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
 * @property {number} mailSmtpPort the local mail outbox's SMTP port (gateway + 4)
 * @property {number} mailWebPort its web page and JSON API (gateway + 5)
 * @property {string} mailUrl
 * @property {string} mailDir
 * @property {number} inboundSmtpPort the inbound mail server's SMTP port (gateway + 6): mail for *@inboundDomain
 * @property {string} inboundDomain the domain organisations receive mail at (STEWARD_INBOUND_DOMAIN)
 * @property {number} smtpTimeoutMs the outbox gives up on an SMTP server that does not answer within this
 * @property {number} minPasswordLength
 * @property {string} siteUrl
 * @property {AuthRateLimits} authRateLimits
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
  const portBase = options.portBase ?? parseInteger('STEWARD_PORT_BASE', env.STEWARD_PORT_BASE, 1024, 65530) ?? DEFAULT_PORT_BASE;
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
    mailSmtpPort: portBase + 4,
    mailWebPort: portBase + 5,
    mailUrl: `http://${host}:${portBase + 5}`,
    mailDir: path.join(dataDir, 'mail'),
    inboundSmtpPort: portBase + 6,
    inboundDomain: (env.STEWARD_INBOUND_DOMAIN || 'in.steward.localhost').toLowerCase(),
    smtpTimeoutMs: options.smtpTimeoutMs ?? parseInteger('STEWARD_SMTP_TIMEOUT_MS', env.STEWARD_SMTP_TIMEOUT_MS, 100, 600_000) ?? 15_000,
    minPasswordLength: options.minPasswordLength ?? parseInteger('STEWARD_AUTH_MIN_PASSWORD_LENGTH', env.STEWARD_AUTH_MIN_PASSWORD_LENGTH, 6, 72) ?? 8,
    siteUrl: options.siteUrl ?? (env.STEWARD_SITE_URL || 'http://localhost:3000'),
    authRateLimits: resolveAuthRateLimits(options.authRateLimits, env),
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

/**
 * config.toml's limits, then each STEWARD_AUTH_RATE_LIMIT_* variable, then the caller's options.
 * @param {Partial<AuthRateLimits> | undefined} given @param {NodeJS.ProcessEnv} env
 * @returns {AuthRateLimits}
 */
function resolveAuthRateLimits(given, env) {
  const fromToml = authRateLimitsFromToml();
  /** @param {keyof AuthRateLimits} key @param {string} name @param {number} min */
  const pick = (key, name, min) => {
    const value = given?.[key] ?? parseInteger(name, env[name], min, 1_000_000_000) ?? fromToml[key];
    if (!Number.isInteger(value) || value < min) throw new Error(`${key} must be a whole number of at least ${min}, got ${value}`);
    return value;
  };
  return {
    emailSent: pick('emailSent', 'STEWARD_AUTH_RATE_LIMIT_EMAIL_SENT', 1),
    signInSignUps: pick('signInSignUps', 'STEWARD_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', 1),
    tokenVerifications: pick('tokenVerifications', 'STEWARD_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS', 1),
    tokenRefresh: pick('tokenRefresh', 'STEWARD_AUTH_RATE_LIMIT_TOKEN_REFRESH', 1),
    emailMaxFrequencySeconds: pick('emailMaxFrequencySeconds', 'STEWARD_AUTH_EMAIL_MAX_FREQUENCY_SECONDS', 0),
  };
}

/**
 * An integer setting from the environment, refused with its name and range when out of bounds.
 * @param {string} name @param {string | undefined} value @param {number} min @param {number} max
 */
function parseInteger(name, value, min, max) {
  if (!value) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  }
  return number;
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
