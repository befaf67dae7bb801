import { defineConfig } from 'vitest/config';
import stackSuites, { OWN_STACK_SUITES } from './vitest.config.ts';

/**
 * The stack suites that start stacks of their own (vitest.config.ts says why they run apart). Their
 * tests start, restart and stop stacks, so each has a start's budget, as a hook that starts one has.
 */
export default defineConfig({
  test: { ...stackSuites.test, name: 'supabase-own-stacks', include: OWN_STACK_SUITES, exclude: [], testTimeout: stackSuites.test?.hookTimeout },
});
