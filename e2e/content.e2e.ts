import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, reloadApp, screenshotPath } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 15 as a guest in a real browser: the public notice opens by itself once, the banner carousel
 * moves, a help document is read from the footer, and a skin's page names the boxes that contain it and
 * opens one of them. (The daily task is e2e/events.e2e.ts.)
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  // A first visit on purpose: no "notice seen" mark in this context.
  page = await desktopPage(browser, errors, { firstVisit: true });
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`content-${name}`) });

describe('content (issue 15)', () => {
  it('shows the public notice by itself on the first visit, and not again', async () => {
    await openApp(page, `${server.baseUrl}/home`);
    const notice = page.getByTestId('overlay-publicNotice');
    await notice.waitFor();
    expect((await notice.getByTestId('notice-body').innerText()).length).toBeGreaterThan(0);
    await shot('1-notice');
    await page.keyboard.press('Escape');
    await notice.waitFor({ state: 'detached' });
    const asked = page.waitForResponse((r) => r.url().includes('/api/common/notice'));
    await reloadApp(page);
    await asked;
    await page.getByTestId('banner-carousel').waitFor();
    // The notice opens as soon as its answer renders; the same version must not open it again.
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(0);
  });

  it('moves the banner carousel with its buttons and the keyboard', async () => {
    const carousel = page.getByTestId('banner-carousel');
    const active = () => carousel.locator('[data-testid="banner-slide"][data-active="true"]').getAttribute('aria-label');
    await carousel.getByRole('button', { name: '暂停轮播' }).click();
    const first = await active();
    await carousel.getByRole('button', { name: '下一张' }).click();
    await expect.poll(active).not.toBe(first);
    await carousel.getByRole('button', { name: '上一张' }).click();
    await expect.poll(active).toBe(first);
    await carousel.getByRole('button', { name: '下一张' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(active).not.toBe(first);
    await shot('2-carousel');
  });

  it('reads a help document from the footer', async () => {
    await page.locator('footer').getByRole('link', { name: '帮助中心' }).click();
    await page.waitForURL(/\/docs\/help$/);
    const link = page.getByTestId('document-link').first();
    await link.waitFor();
    const title = (await link.innerText()).split('\n')[0]!;
    await link.click();
    const doc = page.getByTestId('document');
    await doc.waitFor();
    expect(await doc.innerText()).toContain(title.trim());
    expect((await doc.getByTestId('markdown').innerText()).length).toBeGreaterThan(20);
    await shot('3-help');
  });

  it('finds which boxes contain a skin and opens one of them', async () => {
    await openApp(page, `${server.baseUrl}/skin`);
    await page.getByLabel('搜索饰品').fill('AK-47');
    await expect.poll(() => page.getByTestId('skin-tile').first().innerText()).toContain('AK-47');
    // A skin that some box drops: try tiles until one lists a box.
    const tiles = page.getByTestId('skin-tile');
    const count = Math.min(await tiles.count(), 8);
    let opened = false;
    for (let i = 0; i < count && !opened; i++) {
      await tiles.nth(i).click();
      const overlay = page.getByTestId('overlay-skin');
      await overlay.waitFor();
      await overlay.getByTestId('skin-rarity').waitFor();
      if ((await overlay.getByTestId('skin-box').count()) === 0) {
        await page.keyboard.press('Escape');
        await overlay.waitFor({ state: 'detached' });
        continue;
      }
      const box = overlay.getByTestId('skin-box').first();
      expect(await box.getByTestId('skin-box-chance').innerText()).toMatch(/\d/);
      await shot('4-skin');
      await box.click();
      await page.waitForURL(/\/box\/\d+$/);
      await page.getByTestId('drop-gift').first().waitFor();
      opened = true;
    }
    expect(opened).toBe(true);
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
