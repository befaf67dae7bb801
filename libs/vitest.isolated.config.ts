import { defineConfig } from 'vitest/config';

/**
 * The unit tests of libs that replace modules (vi.mock): each file loads its modules afresh, so its
 * mocks reach every module that imports them. The rest of libs shares a worker's modules
 * (vitest.config.ts, isolate: false).
 */
export default defineConfig({
  test: {
    name: 'libs-isolated',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.isolated.test.{ts,tsx}'],
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
