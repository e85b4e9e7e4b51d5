import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // PGlite runs on the main thread; a file per fork keeps each database's CPU to itself.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
