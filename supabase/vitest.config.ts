import { defineConfig } from 'vitest/config';

/**
 * The stack suites that start stacks of their own (the CLI's start and stop, e-mail confirmation, the
 * auth rate limits): a start is a new Postgres cluster and every migration, tens of seconds on a
 * busy machine, so `npm test` runs these after the unit suites, in their lane, with a start's budget
 * per test (vitest.ownStacks.config.ts, STEWARD_VITEST_PART=own).
 */
export const OWN_STACK_SUITES = ['tests/stack/lifecycle.test.ts', 'tests/stack/confirmation.test.ts', 'tests/stack/rateLimits.test.ts'];

/**
 * Integration tests against the local stack: supabase-js through the gateway, as the app talks to it.
 * One stack serves the whole run (see tests/stack/globalSetup.ts); test files run one at a time because
 * some restart parts of a stack and all share one machine with other work.
 */
export default defineConfig({
  test: {
    name: 'supabase',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    exclude: OWN_STACK_SUITES,
    globalSetup: ['./tests/stack/globalSetup.ts'],
    fileParallelism: false,
    // One worker runs file after file in the modules it has loaded (supabase-js, pg, the helpers):
    // starting a fresh one for each file was seconds per file on a busy machine (docs/testing.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
