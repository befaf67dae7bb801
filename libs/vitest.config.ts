import { defineConfig } from 'vitest/config';
import { messagesPlugin } from '../build/i18n/vitePlugin.mjs';

/** Unit tests: logic and components in happy-dom, no network. Integration tests have their own config. */
export default defineConfig({
  // Catalogues compiled as the build compiles them.
  plugins: [messagesPlugin()],
  test: {
    name: 'libs',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.integration.test.{ts,tsx}', 'src/**/*.isolated.test.{ts,tsx}', 'node_modules/**'],
    // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
    maxWorkers: 2,
    // A worker runs file after file in the modules it has loaded (React, antd, Testing Library, ours):
    // loading them afresh for every file was most of this project's CPU (docs/testing.md). The DOM is
    // emptied after each test (vitest.setup.ts); a file that replaces modules (vi.mock) needs its own
    // and is named *.isolated.test.* (vitest.isolated.config.ts).
    isolate: false,
    // The machine is shared; slow UI interactions must not turn into false failures.
    testTimeout: 20_000,
  },
});
