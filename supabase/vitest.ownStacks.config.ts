import { defineConfig } from 'vitest/config';
import stackSuites, { OWN_STACK_SUITES } from './vitest.config.ts';

/** The stack suites that start stacks of their own, alone (vitest.config.ts says why). */
export default defineConfig({
  test: { ...stackSuites.test, name: 'supabase-own-stacks', include: OWN_STACK_SUITES, exclude: [] },
});
