import { defineConfig } from 'vitest/config';

/** Unit tests of the lodging remote: logic and components in happy-dom, no network. */
export default defineConfig({
  test: {
    name: 'lodging',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['../../libs/vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
    maxWorkers: 2,
  },
});
