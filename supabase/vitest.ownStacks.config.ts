import { defineConfig } from 'vitest/config';

/**
 * The stack suites that start stacks of their own (the CLI's start and stop, e-mail confirmation, the
 * auth rate limits): a start is a new Postgres cluster and every migration, tens of seconds on a
 * busy machine, so `npm test` runs these alone after the other lanes (STEWARD_VITEST_PART=own).
 */
export const OWN_STACK_SUITES = ['tests/stack/lifecycle.test.ts', 'tests/stack/confirmation.test.ts', 'tests/stack/rateLimits.test.ts'];

export default defineConfig({
  test: {
    name: 'supabase-own-stacks',
    environment: 'node',
    include: OWN_STACK_SUITES,
    globalSetup: ['./tests/stack/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
