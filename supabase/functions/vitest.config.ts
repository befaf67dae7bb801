import { defineConfig } from 'vitest/config';

/** Unit tests of the server-side functions (payments): plain Node, fetch stubbed, no stack. */
export default defineConfig({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['**/*.test.ts'],
    maxWorkers: 1,
  },
});
