import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
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
 * uncaught page errors are collected into `errors` for the spec's last check. `firstVisit` keeps the
 * public notice's "seen" mark out, for a test of the notice itself.
 */
export async function desktopPage(browser: Browser, errors: string[], options: { firstVisit?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  if (!options.firstVisit) await skipFirstVisitNotice(context);
  return pageCollectingErrors(context, errors);
}

/** A zh-CN phone page (390 × 844, touch), otherwise as `desktopPage`; `scale` 2 for sharp screenshots. */
export async function phonePage(browser: Browser, errors: string[], options: { scale?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    ...(options.scale ? { deviceScaleFactor: options.scale } : {}),
    isMobile: true,
    hasTouch: true,
  });
  await skipFirstVisitNotice(context);
  return pageCollectingErrors(context, errors);
}

async function pageCollectingErrors(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(err.message));
  return page;
}

/**
 * The web app marks `<html data-app-ready>` once its first page has rendered with its first data
 * (apps/web/src/app/app-ready.ts). Two test files at once on 2 cores showed why to wait for it: a click
 * could land on a page that was still settling. Documents that are not the app (no #root) pass at once.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'), undefined, {
    timeout: 30_000,
  });
}

/** `page.goto`, then the app-ready mark. */
export async function openApp(page: Page, url: string, options?: Parameters<Page['goto']>[1]): Promise<Response | null> {
  const response = await page.goto(url, options);
  await appReady(page);
  return response;
}

/** `page.reload`, then the app-ready mark. */
export async function reloadApp(page: Page, options?: Parameters<Page['reload']>[0]): Promise<Response | null> {
  const response = await page.reload(options);
  await appReady(page);
  return response;
}

/**
 * The public notice opens by itself on a browser's first visit (once per notice version, issue 15) and
 * would cover the page a test is about to use: a context that is not testing the notice starts as a
 * browser that has seen the seeded one ('welcome', version 2).
 */
export async function skipFirstVisitNotice(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('noticeSeen', 'welcome@3'));
}
