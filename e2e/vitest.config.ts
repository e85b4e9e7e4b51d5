import { defineConfig } from 'vitest/config';

// End-to-end: the real server (child process) and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time (each its own server and browser): they mostly wait on animations, timers and
    // the beacon, so two share even 2 cores (docs/BENCHMARKS.md "Test suite").
    fileParallelism: true,
    maxWorkers: 2,
  },
});
