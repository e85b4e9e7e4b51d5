import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Player protection (issue 18, decision 0042): a player sets a daily deposit limit on /personal/protection
 * (with its confirmation), is refused a deposit above it with the message naming the limit, its reset and
 * a link to /safer-play, and a raise shows as pending for 24 hours.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
const errors: string[] = [];

useServerAndBrowser({ SMS_RESEND_SECONDS: '3' }, async (started) => {
  ({ server, browser } = started);
  page = await desktopPage(browser, errors);
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`protection-${name}`) });

describe('player protection (issue 18)', () => {
  it('sets a daily deposit limit, is refused a deposit above it with the message, and sees a raise wait 24 hours', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    await openApp(page, `${server.baseUrl}/personal/protection`);
    await page.getByRole('heading', { level: 1, name: '安全游戏设置' }).waitFor();
    const row = page.getByTestId('limit-deposit_day');
    await row.getByLabel('每日充值限额').fill('100');
    await row.getByRole('button', { name: '保存' }).click();
    const confirm = page.getByTestId('limit-confirm');
    expect(await confirm.innerText()).toContain('立即生效');
    await confirm.getByTestId('confirm-ok').click();
    await expect.poll(() => row.getByTestId('limit-deposit_day-value').innerText()).toBe('¥100');
    await shot('1-limit');

    await page.getByTestId('header-recharge').click();
    const overlay = page.getByRole('dialog', { name: '充值' });
    await overlay.getByTestId('recharge-form').waitFor();
    await overlay
      .getByTestId('recharge-preset')
      .filter({ hasText: /^¥500$/ })
      .click();
    await overlay.getByTestId('recharge-submit').click();
    // Issue 30 §3: the panel knows the room from the server and warns before any order is made.
    const refusal = overlay.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^超出每日充值限额（¥100(\.00)?）：今日还可充值 ¥100(\.00)?$/);
    expect(await overlay.getByTestId('recharge-confirm').count()).toBe(0);
    await shot('2-refused');
    const state = await userGet<{ limits: Array<{ kind: string; usedNow: number }> }>(server.baseUrl, token, '/api/protection/state');
    expect(state.limits.find((l) => l.kind === 'deposit_day')!.usedNow).toBe(0);

    await page.keyboard.press('Escape');
    await openApp(page, `${server.baseUrl}/personal/protection`);
    await row.getByLabel('每日充值限额').fill('1000');
    await row.getByRole('button', { name: '保存' }).click();
    expect(await page.getByTestId('limit-confirm').innerText()).toContain('24 小时');
    await page.getByTestId('limit-confirm').getByTestId('confirm-ok').click();
    await expect
      .poll(() => row.getByTestId('limit-deposit_day-pending').innerText())
      .toMatch(/^提高至 ¥1,?000，将于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 生效$/);
    expect(await row.getByTestId('limit-deposit_day-value').innerText()).toBe('¥100');
    expect(errors).toEqual([]);
  });
});
