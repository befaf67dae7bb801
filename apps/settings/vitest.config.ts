import { defineConfig } from 'vitest/config';

/** Unit tests of the Settings remote: logic and components in happy-dom, no network. */
export default defineConfig({
  test: {
    name: 'settings',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['../../libs/vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
    maxWorkers: 2,
    // A worker runs file after file in the modules it has loaded (React, antd, Testing Library, ours):
    // loading them afresh for every file was most of this project's CPU (docs/testing.md). The DOM is
    // emptied after each test (vitest.setup.ts); a file that replaces modules (vi.mock) needs fresh
    // ones: name it *.isolated.test.* and give this app a vitest.isolated.config.ts, as crm has.
    isolate: false,
  },
});
