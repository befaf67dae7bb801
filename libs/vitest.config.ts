import { defineConfig } from 'vitest/config';

/** Unit tests: logic and components in happy-dom, no network. Integration tests have their own config. */
export default defineConfig({
  test: {
    name: 'libs',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.integration.test.{ts,tsx}', 'node_modules/**'],
    // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
    maxWorkers: 2,
    // The machine is shared; slow UI interactions must not turn into false failures.
    testTimeout: 20_000,
  },
});
