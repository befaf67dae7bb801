import { defineConfig } from 'vitest/config';
import { messagesPlugin } from '../../build/i18n/vitePlugin.mjs';

/** Unit tests of the shell: logic and components in happy-dom, no network. */
export default defineConfig({
  // Catalogues compiled as the build compiles them.
  plugins: [messagesPlugin()],
  test: {
    name: 'shell',
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['../../libs/vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two shared cores: keep the pool small so parallel work elsewhere on the machine is not starved.
    maxWorkers: 2,
  },
});
