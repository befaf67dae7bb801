import { defineConfig } from 'vitest/config';

/** Unit tests of the operations remote: logic and components in happy-dom, no network. */
export default defineConfig({
  // What the build stamps into the area (build/rsbuildApp.mjs), so the area module itself can be tested.
  define: { __STEWARD_APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'operations',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['../../libs/vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
    maxWorkers: 2,
  },
});
