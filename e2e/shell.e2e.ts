import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openApp, screenshotPath, skipFirstVisitNotice } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser({}, (started) => {
  ({ server, browser } = started);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  await skipFirstVisitNotice(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('page error:', err.message));
  return page;
}

async function publishDrop(giftName: string, grade: number): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/sandbox/publishDrop`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ giftName, grade: String(grade), recoveryPrice: '1641129', nickname: '端到端' }),
  });
  expect((await res.json()).status).toBe(0);
}

describe('web shell', () => {
  it('opens / on /home with the Chinese header and shows a drop the server publishes live', async () => {
    const page = await newPage();
    await openApp(page, `${server.baseUrl}/`);
    await page.waitForURL('**/home');
    await expect.poll(() => page.locator('header').innerText()).toContain('开箱');
    expect(await page.title()).toMatch(/Skinfair/);

    // The seeded demo feed arrives over HTTP first.
    const recent = page.getByTestId('live-feed-recent');
    await expect.poll(() => recent.getByTestId('drop-item').count(), { timeout: 45_000 }).toBeGreaterThan(0);

    // Wait for the event that the page is subscribed to the live topic (not for time), then publish.
    const name = `★ 爪子刀 | 多普勒 E2E-${Date.now()}`;
    await page.waitForSelector('html[data-live="subscribed"]', { timeout: 45_000 });
    expect((await (await fetch(`${server.baseUrl}/api/stat/homepage`)).json()).data.onlineCount).toBeGreaterThan(0);
    await publishDrop(name, 0);
    await expect.poll(() => recent.innerText(), { timeout: 45_000 }).toContain(name);
    await expect.poll(() => page.getByTestId('live-feed-top').innerText(), { timeout: 45_000 }).toContain(name);
    await page.screenshot({ path: screenshotPath('home-live-feed'), fullPage: false });
  });

  it('redirects /docs to /docs/help and shows the not-found page for unknown paths', async () => {
    const page = await newPage();
    await openApp(page, `${server.baseUrl}/docs`);
    await page.waitForURL('**/docs/help');
    await openApp(page, `${server.baseUrl}/no-such-page`);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/404|页面不存在|找不到/);
    await page.screenshot({ path: screenshotPath('not-found') });
  });

  it('a guest reaches the transparency page from the footer and sees every game’s return, withdrawals and bots (issue 18)', async () => {
    const page = await newPage();
    await openApp(page, `${server.baseUrl}/home`);
    await page.locator('footer').getByRole('link', { name: '公开透明数据' }).click();
    await page.waitForURL('**/transparency');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('公开透明数据');
    const games = page.getByRole('table', { name: /各游戏的申报回报率/ });
    await expect.poll(() => games.getByRole('row').count(), { timeout: 30_000 }).toBe(4);
    expect(await games.innerText()).toMatch(/开箱[\s\S]*对战[\s\S]*追梦/);
    await page.getByRole('tab', { name: '全部时间' }).click();
    await expect.poll(() => page.getByRole('table', { name: /各游戏.*全部时间/ }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('withdrawals').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: '对战机器人战绩' }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('transparency'), fullPage: true });
    // Phone: the page itself never scrolls sideways; wide tables scroll inside their own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('transparency-phone'), fullPage: false });
  });
});
