import { defineConfig } from 'vitest/config';
import { OWN_STACK_SUITES } from './vitest.ownStacks.config';

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
    // Those that start stacks of their own run alone (vitest.ownStacks.config.ts).
    exclude: OWN_STACK_SUITES,
    globalSetup: ['./tests/stack/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
