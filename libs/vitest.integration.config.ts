import { defineConfig } from 'vitest/config';
import { messagesPlugin } from '../build/i18n/vitePlugin.mjs';

/**
 * Integration tests of libs against the local stack (supabase-js through the gateway, real PostgREST
 * and RLS). The stack comes from the supabase package's global setup: a fresh one on
 * STEWARD_TEST_PORT_BASE (54421), or the one the root runner passes in STEWARD_TEST_API_URL.
 */
export default defineConfig({
  // libs' catalogue compiled as the build compiles it.
  plugins: [messagesPlugin()],
  test: {
    name: 'libs-integration',
    environment: 'node',
    globals: true,
    include: ['src/**/*.integration.test.{ts,tsx}'],
    globalSetup: ['../supabase/tests/stack/globalSetup.ts'],
    fileParallelism: false,
    // One worker for every file, its modules loaded once (as supabase/vitest.config.ts).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
