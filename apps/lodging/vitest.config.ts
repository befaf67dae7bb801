import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __STEWARD_APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: { name: 'lodging', environment: 'happy-dom', globals: true, include: ['src/**/*.test.{ts,tsx}'], maxWorkers: 2 },
});
