import { defineConfig } from 'vitest/config';

/**
 * Every Vitest suite of the repository as one run: unit tests (libs, apps) and integration tests
 * against the local stack (supabase, libs). `npm test` starts the stack once and passes it in env.
 */
export default defineConfig({
  test: {
    projects: ['libs/vitest.config.ts', 'libs/vitest.integration.config.ts', 'apps/*/vitest.config.ts', 'supabase/vitest.config.ts', 'scripts/vitest.config.ts', 'tools/vitest.config.mts'],
  },
});
