import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openApp, phonePage, reloadApp, screenshotPath } from './support/browser.js';
import { registerThroughUi } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * The key flows on a phone (issue 9 item 22): 390×844, touch, the mobile layout below the sm breakpoint.
 * One server and one page keep the added time small; the desktop files cover the flows in depth.
 */
const WIDTH = 390;
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
const errors: string[] = [];

useServerAndBrowser({ SMS_RESEND_SECONDS: '3' }, async (started) => {
  ({ server, browser } = started);
  page = await phonePage(browser, errors, { scale: 2 });
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`mobile-${name}`) });
/** Nothing on the page is wider than the screen (no sideways scrolling). */
const sidewaysOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const inViewport = async (testId: string) => {
  const box = await page.getByTestId(testId).boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH && box.width > 0;
};

describe('mobile width 390 px (issue 9 item 22)', () => {
  it('reads the terms from the left menu as a guest, without sideways scrolling', async () => {
    await openApp(page, `${server.baseUrl}/home`);
    await page.getByRole('tab', { name: '盲盒开箱' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByTestId('overlay-leftMenu').getByRole('link', { name: '帮助中心' }).click();
    await page.getByRole('link', { name: /用户协议/ }).click();
    await page.getByRole('heading', { level: 1, name: '用户协议' }).waitFor();
    expect(await page.getByTestId('markdown').innerText()).toContain('年满 18 周岁');
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await openApp(page, `${server.baseUrl}/docs/support`);
    await page.getByTestId('support-email').waitFor();
    await shot('1-support');
  });

  it('signs up, then shows the balance and the whole avatar in the header and the balance in both menus', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '61000' })).status).toBe(0);
    await reloadApp(page);
    await expect.poll(() => page.getByTestId('header-balance').innerText(), { timeout: 10_000 }).toContain('610');
    expect(await inViewport('header-balance')).toBe(true);
    expect(await inViewport('user-menu')).toBe(true);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await shot('2-header');

    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('menu-balance').innerText()).toContain('610');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '打开菜单' }).click();
    expect(await page.getByTestId('left-menu-balance').innerText()).toContain('610');
    await shot('3-left-menu');
    await page.getByTestId('overlay-leftMenu').getByRole('link', { name: '首页' }).click();
  });

  it('shows the account panel on the home 账户 tab', async () => {
    await page.getByRole('tab', { name: '账户' }).click();
    await page.getByTestId('home-account').waitFor();
    expect(await page.getByTestId('home-account').innerText()).not.toContain('即将开放');
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });

  it('buys and wears an avatar frame, which the header avatar then shows', async () => {
    await openApp(page, `${server.baseUrl}/personal/virtual`);
    const frame = page.getByTestId('virtual-good').filter({ hasText: '黄金头像框' });
    await frame.getByTestId('virtual-buy').click();
    await page.getByTestId('virtual-confirm').getByRole('button', { name: '购买' }).click();
    await frame.getByTestId('virtual-equip').click();
    await expect
      .poll(() => page.getByTestId('user-menu').locator('[data-frame]').getAttribute('data-frame'), { timeout: 10_000 })
      .toBe('#ffee51');
    expect(await inViewport('user-menu')).toBe(true);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await shot('4-virtual');
  });

  it('verifies a roll in the browser without the page overflowing sideways', async () => {
    const serverSeed = randomBytes(32).toString('hex');
    const secretSalt = randomBytes(16).toString('hex');
    const publicHash = createHash('sha256').update(`${serverSeed}:${secretSalt}`).digest('hex');
    const query = new URLSearchParams({
      serverSeed,
      secretSalt,
      publicHash,
      clientSeed: 'a-rather-long-client-seed-typed-on-a-phone-0123456789',
      nonce: '12',
    });
    await openApp(page, `${server.baseUrl}/provably-fair/verify?${query}`);
    await page.getByTestId('verify-submit').click();
    await page.getByTestId('computed-roll').waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await shot('5-verify');
    expect(errors).toEqual([]);
  });
});
