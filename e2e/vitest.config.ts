import { defineConfig } from 'vitest/config';

// End-to-end: the real server (child process) and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One file at a time: two at once (each its own server and browser) took 402 → 243 s here, but on
    // 2 cores a click could land before the page had hydrated (docs/BENCHMARKS.md "Test suite").
    fileParallelism: false,
  },
});
