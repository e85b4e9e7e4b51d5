import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { repoRoot } from './server.js';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

/** Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const screenshotPath = (name: string) => path.join(artifactsDir, `${name}.png`);
