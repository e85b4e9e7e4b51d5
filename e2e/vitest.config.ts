import { defineConfig } from 'vitest/config';

// End-to-end: the real server (child process) and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 90_000,
    // beforeAll starts the server (up to 180 s on a loaded machine, support/server.ts) and the browser.
    hookTimeout: 240_000,
    // Two files at a time, each with its own server, data folder, port and browser: they wait on
    // animations, timers and the beacon more than they compute. Two once let a click land on a page that
    // was still settling; the helpers now wait for the app's ready mark after every navigation
    // (support/browser.ts `openApp`), docs/BENCHMARKS.md "Test suite".
    fileParallelism: true,
    maxWorkers: 2,
  },
});
