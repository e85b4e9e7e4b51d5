import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, reloadApp, screenshotPath, skipFirstVisitNotice } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import { userPost } from './support/wallet.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 30 §1, §3 (decision 0050): the recharge panel of a player without real-name verification says the
 * first-deposit bonus arrives after verification, and what arrives now; after the first deposit it says the
 * bonus waits; with a daily deposit limit it warns before submitting an amount past what is left today.
 * Desktop (1366 px) and phone (390×844).
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

const shot = (p: Page, name: string) => p.screenshot({ path: screenshotPath(`deposit-promises-${name}`) });

async function openRecharge(p: Page) {
  await p.getByTestId('header-recharge').click();
  const overlay = p.getByRole('dialog', { name: '充值' });
  await overlay.getByTestId('recharge-form').waitFor();
  return overlay;
}

/** A ¥1,000 deposit through the sandbox gateway, as its checkout page posts it. */
async function payThroughSandbox(amountFen: number) {
  const made = await userPost(server.baseUrl, token, '/api/recharge/makePayment', {
    rechargeChannelId: '1',
    currencyCode: 'CNY',
    amount: String(amountFen),
  });
  expect(made.status).toBe(0);
  const { orderId } = made.data as { orderId: string };
  await fetch(`${server.baseUrl}/api/sandbox/checkout/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderId, action: 'pay' }).toString(),
    redirect: 'manual',
  });
  return orderId;
}

describe('deposit promises (issue 30 §1, §3)', () => {
  it('desktop: shows the real-name condition before payment, the held bonus after it, and the limit warning before submitting', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    let overlay = await openRecharge(page);
    await overlay
      .getByTestId('recharge-preset')
      .filter({ hasText: /^¥1000$/ })
      .click();
    const banner = overlay.getByTestId('first-deposit-banner');
    expect(await banner.innerText()).toContain('首充加送 20%（完成实名认证后到账）');
    expect(await overlay.getByTestId('first-deposit-condition').innerText()).toMatch(
      /^本次充值立即到账 ¥1,?000(\.00)?；完成实名认证后再到账 ¥200(\.00)? 首充奖励$/,
    );
    expect(await overlay.getByTestId('recharge-held-bonus').innerText()).toMatch(/^\+¥200/);
    await shot(page, 'desktop-1-condition');

    // ¥1,000 paid without verification: nothing is lost, the panel says the bonus waits for verification.
    const orderId = await payThroughSandbox(100_000);
    const state = await userGet<{ bonusAmount: number; pendingBonusAmount: number }>(
      server.baseUrl,
      token,
      `/api/recharge/paymentState?orderId=${orderId}`,
    );
    expect(state).toMatchObject({ bonusAmount: 0, pendingBonusAmount: 20_000 });
    expect((await userPost(server.baseUrl, token, '/api/protection/setLimit', { kind: 'deposit_day', value: '120000' })).status).toBe(0);
    await reloadApp(page);
    overlay = await openRecharge(page);
    expect(await overlay.getByTestId('first-deposit-banner').innerText()).toMatch(/首充奖励 ¥200(\.00)? 待实名认证后到账/);
    expect(await overlay.getByTestId('recharge-room').innerText()).toMatch(/^今日还可充值 ¥200(\.00)?（每日充值限额 ¥1,?200(\.00)?）$/);
    await overlay
      .getByTestId('recharge-preset')
      .filter({ hasText: /^¥1000$/ })
      .click();
    await overlay.getByTestId('recharge-submit').click();
    const warning = overlay.getByRole('alert');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(/^超出每日充值限额（¥1,?200(\.00)?）：今日还可充值 ¥200(\.00)?$/);
    expect(await overlay.getByTestId('recharge-confirm').count()).toBe(0);
    await shot(page, 'desktop-2-limit-warning');
    expect(errors).toEqual([]);
  });

  it('phone: the same panel at 390×844', async () => {
    const phone = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await skipFirstVisitNotice(phone);
    await phone.addInitScript((t) => localStorage.setItem('token', t), token);
    const p = await phone.newPage();
    p.on('pageerror', (err) => errors.push(err.message));
    await openApp(p, `${server.baseUrl}/home`);
    const overlay = await openRecharge(p);
    expect(await overlay.getByTestId('first-deposit-banner').innerText()).toMatch(/首充奖励 ¥200(\.00)? 待实名认证后到账/);
    await shot(p, 'phone-1-held');
    await overlay
      .getByTestId('recharge-preset')
      .filter({ hasText: /^¥1000$/ })
      .click();
    await overlay.getByTestId('recharge-submit').click();
    await overlay.getByRole('alert').waitFor();
    await overlay.getByRole('alert').scrollIntoViewIfNeeded();
    expect(await overlay.getByRole('alert').innerText()).toMatch(/今日还可充值 ¥200/);
    await shot(p, 'phone-2-limit-warning');
    await phone.close();
    expect(errors).toEqual([]);
  });
});
