// @ts-check
// A confirmed login for a benchmark's fixture, and its access token, through the stack's auth API.
import { ANON_KEY, SERVICE_ROLE_KEY } from '../local/keys.mjs';

export const BENCH_PASSWORD = 'bench-password-1';

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

/** @param {string} apiUrl @param {string} email @returns {Promise<string>} an access token */
export async function signInBenchUser(apiUrl, email) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`signing in ${email} failed: ${JSON.stringify(body)}`);
  return /** @type {string} */ (body.access_token);
}
