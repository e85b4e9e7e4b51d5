import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';
import { userPost } from './support/wallet.js';
import { consoleGet, createAdmin, signInConsole } from './support/console.js';

/**
 * Issue 27 §3, §5, §6 in a browser: what an operator sets in the console is what a player then meets. The
 * dashboard warns while the support details are the example address; saving real ones clears the warning and
 * the player's support page shows them. A new daily top-up tier is the reward the player's card offers. A
 * paid deposit is refunded in part from the order's detail: the player's coins go down by exactly that, and a
 * message says so.
 */
let server: RunningServer;
let browser: Browser;
let admin: Page;
let player: Page;
let token = '';
let orderNo = '';
const errors: string[] = [];
const PASSWORD = 'e2e-settings-password-0123';
const SUPPORT_EMAIL = 'kefu@skinfair-e2e.cn';

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  admin = await desktopPage(browser, errors);
  player = await desktopPage(browser, errors);
});

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`console-settings-${name}`), fullPage: true });
const balance = async () => (await userGet<{ balance: number }>(server.baseUrl, token, '/api/personalCenter/userInfo')).balance;

/** A console change behind the reason step: the reason, then the dialog's confirm button. */
async function confirmWithReason(page: Page, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('原因（必填，写入审计日志）').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** ¥100 paid the way the sandbox checkout pays: the signed callback reaches the real webhook. */
async function depositHundred(): Promise<string> {
  const made = await userPost(server.baseUrl, token, '/api/recharge/makePayment', {
    rechargeChannelId: '1',
    currencyCode: 'CNY',
    amount: '10000',
  });
  expect(made.status, made.msg).toBe(0);
  const order = (made.data as { orderId: string }).orderId;
  const paid = await fetch(`${server.baseUrl}/api/sandbox/checkout/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `orderId=${order}&action=pay`,
    redirect: 'manual',
  });
  expect(paid.status).toBe(302);
  return order;
}

describe('console settings and refunds reach the player (issue 27)', () => {
  it('the dashboard warns about the example support address until real details are saved', async () => {
    createAdmin(server, 'root', PASSWORD);
    await signInConsole(admin, server, 'root', PASSWORD);
    await openApp(admin, `${server.baseUrl}/admin/dashboard`);
    await admin.getByRole('alert').filter({ hasText: '客服邮箱或在线客服链接仍是示例地址' }).waitFor();
    await shot(admin, '1-dashboard-warning');

    await openApp(admin, `${server.baseUrl}/admin/content`);
    await admin.getByRole('tab', { name: '站点设置' }).click();
    const support = admin.locator('section[aria-labelledby="site-support"]');
    await support.getByLabel('客服邮箱').fill(SUPPORT_EMAIL);
    await support.getByLabel('在线客服链接（https://，可留空）').fill('');
    await support.getByRole('button', { name: '保存' }).click();
    await confirmWithReason(admin, '保存', '上线前填写真实客服信息');
    await expect
      .poll(async () => (await consoleGet<{ email: string }>(admin, server, '/api/admin/settings/support')).email)
      .toBe(SUPPORT_EMAIL);

    await openApp(admin, `${server.baseUrl}/admin/dashboard`);
    await admin.getByRole('heading', { name: '数据概览' }).waitFor();
    await admin.getByText('今日（').first().waitFor();
    expect(await admin.getByRole('alert').filter({ hasText: '示例地址' }).count()).toBe(0);

    await openApp(player, `${server.baseUrl}/docs/support`);
    expect(await player.getByTestId('support-email').innerText()).toBe(SUPPORT_EMAIL);
  });

  it('a new first daily top-up tier is the reward the player then claims', async () => {
    ({ token } = await registerThroughUi(player, server.baseUrl));
    await openApp(admin, `${server.baseUrl}/admin/promotions`);
    await admin.getByRole('tab', { name: '每日充值奖励' }).click();
    const reward = admin.getByLabel('第 1 档 奖励（元）');
    expect(await reward.inputValue()).toBe('2');
    await reward.fill('3');
    await admin.getByRole('button', { name: '保存', exact: true }).click();
    await confirmWithReason(admin, '保存', '周末加码');
    await shot(admin, '2-daily-tiers');

    orderNo = await depositHundred();
    await openApp(player, `${server.baseUrl}/personal`);
    const card = player.getByTestId('daily-topup').first();
    await card.waitFor();
    const claim = card.getByTestId('daily-claim');
    expect(await claim.innerText()).toBe('领取 ¥3');
    const before = await balance();
    await claim.click();
    await card.getByTestId('daily-claimed').waitFor();
    await expect.poll(balance).toBe(before + 300);
  });

  it('refunds part of the deposit from its detail; the coins go down by exactly that and a message says so', async () => {
    const before = await balance();
    await openApp(admin, `${server.baseUrl}/admin/deposits`);
    const row = admin.getByRole('row').filter({ hasText: orderNo });
    await row.getByRole('button', { name: '详情' }).click();
    await admin.getByRole('button', { name: '退款', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('refundable').waitFor();
    await dialog.getByLabel('退款金额（元）').fill('40');
    await shot(admin, '3-refund');
    await confirmWithReason(admin, '确认退款', '玩家申请部分退款');
    await admin.getByText(/退款记录（1 笔）/).waitFor();

    // The sandbox channel answers the refund at once: the coins it gives back leave the balance.
    await expect.poll(balance).toBe(before - 4_000);
    await openApp(player, `${server.baseUrl}/personal`);
    await player.getByTestId('message-bell').click();
    const centre = player.getByRole('dialog', { name: '消息中心' });
    await centre.getByTestId('message-item').filter({ hasText: '充值退款成功' }).click();
    const detail = centre.getByTestId('message-detail').getByRole('article');
    await detail.waitFor();
    const text = await detail.innerText();
    expect(text).toContain(orderNo);
    expect(text).toContain('已退款 ¥40，');
    await shot(player, '4-refund-message');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
