/**
 * The Supabase stack the end-to-end tests talk to: the one the root test runner started
 * (STEWARD_TEST_API_URL + keys in env), or one started here when Playwright runs alone.
 */
export type TestStack = { apiUrl: string; anonKey: string; serviceRoleKey: string };

export function testStackFromEnv(): TestStack | null {
  const apiUrl = process.env.STEWARD_TEST_API_URL;
  const anonKey = process.env.STEWARD_TEST_ANON_KEY;
  const serviceRoleKey = process.env.STEWARD_TEST_SERVICE_ROLE_KEY;
  return apiUrl && anonKey && serviceRoleKey ? { apiUrl, anonKey, serviceRoleKey } : null;
}

export function requireTestStack(): TestStack {
  const stack = testStackFromEnv();
  if (!stack) throw new Error('The test stack is not running: run the end-to-end tests through `npm test` or playwright with its global setup.');
  return stack;
}
