import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/**
 * What every end-to-end file starts with: its own server (own port and data folder, `env` added to the
 * test defaults) and Debian's Chromium, both closed after the file. `ready` runs once they are up, to
 * keep the handles and open the file's pages (`desktopPage`, `phonePage`).
 */
export function useServerAndBrowser(
  env: Record<string, string>,
  ready: (started: { server: RunningServer; browser: Browser }) => void | Promise<void>,
): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
    await ready({ server, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
