import { defineConfig } from 'vitest/config';

/**
 * Suites that need no stack: they run in parallel workers (each config sets its pool). The DOM suites
 * share a worker's loaded modules between files; their files that replace modules (vi.mock) are
 * named *.isolated.test.* and run in a project of their own with fresh modules per file.
 */
const UNIT = [
  'libs/vitest.config.ts',
  'libs/vitest.isolated.config.ts',
  'apps/*/vitest.config.ts',
  'apps/*/vitest.isolated.config.ts',
  'scripts/vitest.config.ts',
  'tools/vitest.config.mts',
  'supabase/functions/vitest.config.ts',
];
/** Suites against the local stack, one file at a time (fileParallelism: false). */
const STACK = ['libs/vitest.integration.config.ts', 'supabase/vitest.config.ts'];
/** Stack suites that start stacks of their own: after the unit suites, in their lane (STEWARD_VITEST_PART=own). */
const OWN_STACKS = ['supabase/vitest.ownStacks.config.ts'];

/**
 * Every Vitest suite of the repository as one run: unit tests (libs, apps) and integration tests
 * against the local stack (supabase, libs). `npm test` starts the stack once and runs the two parts
 * side by side as two processes (STEWARD_VITEST_PART=unit|stack): Vitest itself runs files that
 * must go one at a time only after all the parallel ones, leaving a core idle. A new suite that needs
 * no stack belongs in UNIT.
 */
const part = process.env.STEWARD_VITEST_PART;
export default defineConfig({
  test: {
    projects: part === 'unit' ? UNIT : part === 'stack' ? STACK : part === 'own' ? OWN_STACKS : [...UNIT, ...STACK, ...OWN_STACKS],
  },
});
