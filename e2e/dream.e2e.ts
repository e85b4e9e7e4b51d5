import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 13 in a real browser: a player picks a target, moves the probability slider (the fee follows),
 * plays after a confirm, watches the ring stop on the roll the server recorded, and verifies that roll in
 * the browser once the seed pair is rotated.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
const errors: string[] = [];

interface DreamAnswer {
  status: number;
  data: { won: boolean; rollCode: number; probability: number; dreamFee: number; verifyId: number; coinsPaid: number };
}

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  page = await desktopPage(browser, errors);
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`dream-${name}`) });
const balance = async () => (await userGet<{ balance: number }>(server.baseUrl, token, '/api/personalCenter/userInfo')).balance;

describe('dream chasing (issue 13)', () => {
  let played: DreamAnswer['data'];

  it('a new player with coins opens /dream and picks a target', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    await openApp(page, `${server.baseUrl}/dream`);
    const target = page.locator('[data-testid="dream-target"]:not([disabled])').first();
    await target.waitFor();
    await target.click();
    await page.getByTestId('dream-selected').waitFor();
    await shot('1-target');
  });

  it('the fee follows the probability slider', async () => {
    const slider = page.getByTestId('dream-slider');
    const fee = page.getByTestId('dream-fee');
    const low = await fee.innerText();
    await slider.fill(String(await slider.getAttribute('max')));
    await expect.poll(() => fee.innerText()).not.toBe(low);
    const high = await fee.innerText();
    await slider.fill(String(await slider.getAttribute('min')));
    await expect.poll(() => fee.innerText()).toBe(low);
    await slider.focus();
    for (let i = 0; i < 500; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => fee.innerText()).not.toBe(low);
    expect(await fee.innerText()).not.toBe(high);
    await shot('2-slider');
  });

  it('plays after a confirm; the ring stops on the recorded roll and the result matches it', async () => {
    const before = await balance();
    await page.getByTestId('dream-start').click();
    const confirm = page.getByTestId('dream-confirm');
    await confirm.waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/api/upgrade/startUpgrade'));
    await confirm.getByTestId('confirm-ok').click();
    const body = (await (await answer).json()) as DreamAnswer;
    expect(body.status).toBe(0);
    played = body.data;
    expect(before - (await balance())).toBe(played.coinsPaid);

    const ring = page.locator('[data-testid="dream-ring"][data-state="landed"]');
    await ring.waitFor({ timeout: 20_000 });
    const expected = ((played.rollCode / 100_000) * 360).toFixed(3);
    expect(await ring.getAttribute('data-final-angle')).toBe(expected);
    expect(Number(await page.getByTestId('dream-pointer').getAttribute('data-angle'))).toBeCloseTo(Number(expected) % 360, 2);
    const result = page.getByTestId('dream-result');
    await result.waitFor();
    expect(await result.getAttribute('data-won')).toBe(String(played.won));
    expect(await page.getByTestId('dream-result-roll').innerText()).toContain(String(played.rollCode));
    expect(played.won).toBe(played.rollCode <= played.probability);
    await shot('3-result');
  });

  it('lists the dream in the records', async () => {
    await page.getByTestId('dream-record-tabs').getByRole('tab', { name: '我的记录' }).click();
    await expect.poll(() => page.getByTestId('dream-record').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('dream-record').first().innerText()).toContain(String(played.rollCode));
  });

  it('verifies the roll in the browser once the seed pair is rotated', async () => {
    await openApp(page, `${server.baseUrl}/provably-fair`);
    await page.getByTestId('random-seed').click();
    const nextHash = await page.getByTestId('next-public-hash').innerText();
    await page.getByTestId('rotate-seed').click();
    await expect.poll(() => page.getByTestId('current-public-hash').innerText(), { timeout: 10_000 }).toBe(nextHash);

    await openApp(page, `${server.baseUrl}/provably-fair/verify/${played.verifyId}`);
    await page.getByTestId('revealed-seed').waitFor();
    expect(await page.getByTestId('computed-roll').innerText()).toBe(String(played.rollCode));
    expect(await page.getByTestId('roll-check').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('fee-check').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('summary-check').innerText()).toContain('✓');
    await page.screenshot({ path: screenshotPath('dream-4-verified'), fullPage: true });
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
