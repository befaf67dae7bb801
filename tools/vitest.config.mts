import { defineConfig } from 'vitest/config';

/** Tests of the repository's Nx generators: plain Node; they build what they generate in a temp copy. */
export default defineConfig({
  test: {
    name: 'tools',
    environment: 'node',
    include: ['**/*.test.ts'],
    maxWorkers: 2,
  },
});
