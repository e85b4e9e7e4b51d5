import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

/**
 * A zh-CN desktop page (1366 × 900) in a context of its own (its own storage, so its own player), whose
 * uncaught page errors are collected into `errors` for the spec's last check.
 */
export async function desktopPage(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  await skipFirstVisitNotice(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  return page;
}

/**
 * The public notice opens by itself on a browser's first visit (once per notice version, issue 15) and
 * would cover the page a test is about to use: a context that is not testing the notice starts as a
 * browser that has seen the seeded one ('welcome', version 2).
 */
export async function skipFirstVisitNotice(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('noticeSeen', 'welcome@2'));
}
