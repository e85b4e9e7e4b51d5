import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
const errors: string[] = [];

useServerAndBrowser({ SMS_RESEND_SECONDS: '3' }, async (started) => {
  ({ server, browser } = started);
  page = await desktopPage(browser, errors);
});

const shot = (name: string, target: Page = page) => target.screenshot({ path: screenshotPath(`deposits-${name}`) });
const balance = async () => (await userGet<{ balance: number }>(server.baseUrl, token, '/api/personalCenter/userInfo')).balance;
const headerBalance = () => page.getByTestId('header-balance').innerText();
const flowActions = async () => {
  await page.getByTestId('flow-row').first().waitFor();
  return page.getByTestId('flow-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
};

describe('deposits, rewards and VIP (issue 5)', () => {
  it('registers a new user with no money', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    expect(await balance()).toBe(0);
  });

  it('verifies the real name on the certification page (the first-deposit bonus needs it, decision 0016)', async () => {
    const started = await userPost(server.baseUrl, token, '/api/auth/certify', { realName: '张三', idCard: '11010519491231002X' });
    expect(started.status).toBe(0);
    const { certifyId, redirectUrl } = started.data as { certifyId: string; redirectUrl: string };
    await openApp(page, `${server.baseUrl}${redirectUrl}`);
    await page.getByRole('button', { name: '认证通过' }).click();
    await page.waitForURL(/\/personal\?certifyId=/);
    const result = await userGet<{ state: string; verified: boolean }>(
      server.baseUrl,
      token,
      `/api/auth/certifyResult?certifyId=${certifyId}`,
    );
    expect(result).toMatchObject({ state: 'passed', verified: true });
  });

  it('deposits ¥100 through the sandbox checkout in a new tab and shows the result with the bonuses', async () => {
    await page.getByTestId('header-recharge').click();
    const overlay = page.getByRole('dialog', { name: '充值' });
    await overlay.getByTestId('recharge-form').waitFor();
    expect(await overlay.getByTestId('first-deposit-banner').innerText()).toContain('首充加送 20%');

    // Validation: an amount outside the channel's limits is refused with the catalogue text.
    await overlay.getByTestId('recharge-custom').fill('0.5');
    await overlay.getByTestId('recharge-submit').click();
    await overlay.getByText('充值金额超出该渠道的限额').waitFor();
    await overlay.getByTestId('recharge-custom').fill('');

    await overlay
      .getByTestId('recharge-preset')
      .filter({ hasText: /^¥100$/ })
      .click();
    expect(await overlay.getByTestId('recharge-preview').innerText()).toMatch(/首充奖励\s*\+¥20/);
    await shot('1-recharge-form');
    await overlay.getByTestId('recharge-submit').click();
    const confirm = overlay.getByTestId('recharge-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('confirm-pay-amount').innerText()).toContain('100');
    await shot('2-confirm');

    const popup = page.context().waitForEvent('page');
    await confirm.getByTestId('recharge-pay').click();
    const checkout = await popup;
    await checkout.waitForURL(/\/api\/sandbox\/checkout\?orderId=/);
    await checkout.getByRole('button', { name: '确认支付' }).waitFor();
    await overlay.getByTestId('recharge-waiting').waitFor();
    await shot('3-waiting');
    await shot('4-checkout', checkout);
    await checkout.getByRole('button', { name: '确认支付' }).click();
    await checkout.waitForURL(/\/personal\/flow\?orderId=/);
    await checkout.getByTestId('payment-result').waitFor({ timeout: 15_000 });
    await shot('5-checkout-landing', checkout);
    await checkout.close();

    const result = overlay.getByTestId('payment-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.getByTestId('result-credit').innerText()).toBe('¥100');
    expect(await result.getByTestId('result-bonus').innerText()).toBe('+¥20');
    const levelUp = result.getByTestId('result-level-up');
    await levelUp.waitFor();
    expect(await levelUp.innerText()).toMatch(/VIP1 白银[\s\S]*\+¥2/);
    expect(await result.getByTestId('result-total').innerText()).toBe('¥122');
    await expect.poll(headerBalance, { timeout: 10_000 }).toContain('122');
    expect(await balance()).toBe(12_200);
    await shot('6-result');
    await overlay.getByRole('button', { name: '关闭' }).click();
  });

  it('lists the deposit, the first-deposit bonus and the VIP reward in the flow records', async () => {
    await openApp(page, `${server.baseUrl}/personal/flow`);
    const actions = await flowActions();
    expect(actions).toEqual(expect.arrayContaining(['deposit', 'deposit_bonus', 'vip_reward']));
    const bonus = page.locator('[data-testid="flow-row"][data-action="deposit_bonus"]');
    expect(await bonus.innerText()).toContain('首充奖励');
    expect(await bonus.getByTestId('flow-change').innerText()).toBe('+¥20');
    await shot('7-flow');

    await page.getByTestId('flow-tabs').getByRole('tab', { name: '充值记录' }).click();
    const row = page.getByTestId('payment-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('已完成');
  });

  it('redeems SKINFAIR2026 once: +¥8.88 and a golden_code flow row; a second try is refused', async () => {
    await openApp(page, `${server.baseUrl}/personal`);
    const form = page.getByTestId('golden-code-form');
    await form.getByLabel('输入 Golden Code').fill('skinfair2026');
    await form.getByTestId('golden-code-submit').click();
    await page.getByTestId('golden-code-result').getByText('Golden Code领取成功').waitFor();
    expect(await page.getByTestId('golden-code-result').innerText()).toContain('¥8.88');
    await expect.poll(balance).toBe(12_200 + 888);
    await expect.poll(headerBalance, { timeout: 10_000 }).toContain('130.88');
    await page.getByTestId('golden-code-history').getByText('****2026').waitFor();

    await form.getByLabel('输入 Golden Code').fill('SKINFAIR2026');
    await form.getByTestId('golden-code-submit').click();
    await form.getByRole('alert').getByText('您已领取过该 Golden Code').waitFor();
    expect(await balance()).toBe(12_200 + 888);
    await shot('8-golden-code');

    await openApp(page, `${server.baseUrl}/personal/flow`);
    expect(await flowActions()).toContain('golden_code');
  });

  it('shows VIP1 白银 with progress toward 黄金', async () => {
    await openApp(page, `${server.baseUrl}/personal/vip`);
    expect(await page.getByTestId('vip-grade').innerText()).toContain('VIP1 白银');
    expect(await page.getByTestId('vip-next').innerText()).toContain('VIP2 黄金');
    expect(await page.getByTestId('vip-exp').innerText()).toBe('¥100 / ¥500');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    await shot('9-vip');
  });

  it('claims the daily top-up reward for ¥100 (tier ¥2) exactly once', async () => {
    await openApp(page, `${server.baseUrl}/personal`);
    const card = page.getByTestId('daily-topup').first();
    await card.waitFor();
    expect(await card.getAttribute('data-claimable')).toBe('true');
    const claim = card.getByTestId('daily-claim');
    expect(await claim.innerText()).toBe('领取 ¥2');
    await shot('10-personal');
    await claim.click();
    await card.getByTestId('daily-claimed').waitFor();
    expect(await card.getAttribute('data-claimable')).toBe('false');
    await expect.poll(balance).toBe(12_200 + 888 + 200);
    const again = await userPost(server.baseUrl, token, '/api/activity/dailyTopUp/claim');
    expect(again.status).toBe(5004);
    await shot('11-claimed');
  });

  it('opens the benefit overlay from the header', async () => {
    await page.getByTestId('header-benefit').click();
    const overlay = page.getByRole('dialog', { name: '福利' });
    await overlay.getByTestId('golden-code-form').waitFor();
    await overlay.getByTestId('daily-claimed').waitFor();
    await shot('12-benefit');
    await overlay.getByRole('button', { name: '关闭' }).click();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
