import { defineConfig } from 'vitest/config';

/** Unit tests of the repository's tools (release registry, benchmark report): plain Node, no stack. */
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['**/*.test.ts'],
    maxWorkers: 2,
  },
});
