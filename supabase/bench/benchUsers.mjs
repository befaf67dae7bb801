// @ts-check
// A confirmed login for a benchmark's fixture, and its access token, through the stack's auth API;
// the seed's owner, and a fresh stack with the seed for a benchmark of a request or two.
import path from 'node:path';
import { REPO_ROOT, TEST_AUTH_RATE_LIMITS } from '../local/config.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local/keys.mjs';
import { startStack } from '../local/stack.mjs';

export const BENCH_PASSWORD = 'bench-password-1';

/** The seed's owner (supabase/seed.sql) and the organisation the seeded records are in. */
export const SEED_OWNER = { email: 'demo@steward.dev', password: 'Steward-demo-2026', orgName: 'Cedar Grove Outfitters' };

/** @param {string} apiUrl @param {string} email @returns {Promise<string>} the new user's id */
export async function createBenchUser(apiUrl, email) {
  const response = await fetch(`${apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, email_confirm: true }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`creating ${email} failed: ${JSON.stringify(body)}`);
  return /** @type {string} */ (body.id);
}

/** @param {string} apiUrl @param {string} email @param {string} [password] @returns {Promise<string>} an access token */
export async function signInBenchUser(apiUrl, email, password = BENCH_PASSWORD) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`signing in ${email} failed: ${JSON.stringify(body)}`);
  return /** @type {string} */ (body.access_token);
}

/**
 * A fresh stack with the seed in this process (.steward/bench-<name>-<portBase>), and the seed owner's
 * access token. The caller stops the stack.
 * @param {string} name @param {number} portBase
 */
export async function startSeededStack(name, portBase) {
  const stack = await startStack({ portBase, dataDir: path.join(REPO_ROOT, '.steward', `bench-${name}-${portBase}`), fresh: true, log: 'silent', authRateLimits: TEST_AUTH_RATE_LIMITS });
  try {
    return { stack, token: await signInBenchUser(stack.apiUrl, SEED_OWNER.email, SEED_OWNER.password) };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}
