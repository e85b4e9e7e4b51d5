import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 14 in a real browser: a verified player joins an official room (made by the sandbox tool to open
 * in 15 s), the room freezes and draws on its own (durable jobs, local beacon), the winner sees the prize
 * in the backpack and verifies the draw in the browser.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
let roomId = 0;
let prizeName = '';
const errors: string[] = [];

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  page = await desktopPage(browser, errors);
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`giveaways-${name}`) });

describe('giveaway rooms (issue 14)', () => {
  it('a new player verifies the real name (every room asks for it)', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    const started = await userPost(server.baseUrl, token, '/api/auth/certify', { realName: '李四', idCard: '11010519491231002X' });
    expect(started.status).toBe(0);
    const { redirectUrl } = started.data as { redirectUrl: string };
    await openApp(page, `${server.baseUrl}${redirectUrl}`);
    await page.getByRole('button', { name: '认证通过' }).click();
    await page.waitForURL(/\/personal\?certifyId=/);
  });

  it('finds an official room in the list and joins it', async () => {
    const created = await fetch(`${server.baseUrl}/api/sandbox/officialGiveaway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'seconds=15&prizes=1',
    });
    const room = ((await created.json()) as { data: { id: number; giftVos: { giftName: string }[] } }).data;
    roomId = room.id;
    prizeName = room.giftVos[0]!.giftName;

    await openApp(page, `${server.baseUrl}/giveaways`);
    const card = page.locator(`[data-testid="giveaway-card"][data-id="${roomId}"]`);
    await card.waitFor();
    await shot('1-list');
    await card.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/giveaways/${roomId}$`));
    // The URL changes before the room page replaces the list (whose cards have countdowns of their own).
    const roomView = page.getByTestId('giveaway-room');
    await roomView.waitFor();
    await roomView.getByTestId('giveaway-countdown').waitFor();
    await roomView.getByTestId('giveaway-prize').first().waitFor();
    const joined = page.waitForResponse((r) => r.url().includes('/api/giveaway/partake'));
    await page.getByTestId('giveaway-join-button').click();
    expect(((await (await joined).json()) as { status: number }).status).toBe(0);
    await expect.poll(() => page.getByTestId('giveaway-join-button').innerText()).toBe('已参与');
    await page.getByTestId('giveaway-entry').first().waitFor();
    await shot('2-joined');
  });

  it('draws on its own after the open time; the only entrant wins the prize, which lands in the backpack', async () => {
    // 15 s to the open time, then the beacon round 6–9 s later; the room updates by event 41 or by polling.
    const winner = page.getByTestId('giveaway-winner');
    await winner.waitFor({ timeout: 90_000 });
    expect(await winner.innerText()).toContain(prizeName);
    await shot('3-drawn');
    const bag = await userGet<{ pageData: { giftName: string; sourceType: string }[] }>(
      server.baseUrl,
      token,
      '/api/personalCenter/getMyOrnamentPage?state=0',
    );
    expect(bag.pageData.map((o) => o.giftName)).toContain(prizeName);
    await openApp(page, `${server.baseUrl}/personal/bag`);
    await page.getByText(prizeName).first().waitFor();
  });

  it('verifies the draw in the browser: commitment, entries hash, beacon and each Fisher–Yates step', async () => {
    await openApp(page, `${server.baseUrl}/giveaways/${roomId}`);
    await page.getByTestId('giveaway-verify-link').click();
    await page.waitForURL(new RegExp(`/giveaways/${roomId}/verify$`));
    const summary = page.getByTestId('verify-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('verify-step').count()).toBe(1);
    await page.getByTestId('verify-local-beacon').waitFor();
    await page.screenshot({ path: screenshotPath('giveaways-4-verified'), fullPage: true });
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
