import { defineConfig } from 'vitest/config';

// End-to-end: the real server (child process) and Debian's Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // Builds the server bundle when stale and seeds one data folder every file's server starts from a copy of.
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    // beforeAll starts the server (up to 180 s on a loaded machine, support/server.ts) and the browser.
    hookTimeout: 240_000,
    // Three files at a time, each with its own server, data folder, port and browser: they wait on
    // animations, timers and the beacon more than they compute (at three the 2 cores were still half
    // idle; 285 → 234 s; four failed a layout check). The helpers wait for the app's ready mark after every
    // navigation (support/browser.ts `openApp`), so a click never lands on a page still settling
    // (docs/BENCHMARKS.md "Test suite").
    fileParallelism: true,
    maxWorkers: 3,
  },
});
