import { defineConfig } from 'vitest/config';

/**
 * The CRM remote's unit tests that replace modules (vi.mock): each file loads its modules afresh, so
 * its mocks reach every module that imports them. The rest shares a worker's modules
 * (vitest.config.ts, isolate: false).
 */
export default defineConfig({
  define: { __STEWARD_APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'crm-isolated',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['../../libs/vitest.setup.ts'],
    include: ['src/**/*.isolated.test.{ts,tsx}'],
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
