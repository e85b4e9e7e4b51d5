import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';
import { userPost } from './support/wallet.js';
import { createAdmin, signInConsole } from './support/console.js';

/**
 * Issue 16 (Playwright): a player asks to withdraw an item; a support operator (created by the first admin,
 * who comes from the documented command) fails the withdrawal in the console with a reason, and the item is
 * back in the player's backpack.
 */
let server: RunningServer;
let browser: Browser;
const errors: string[] = [];
const ROOT_PASSWORD = 'e2e-root-password-0123';
const SUPPORT_PASSWORD = 'e2e-support-password-0123';
const TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=123&token=AbCdEf12';
let player: { token: string; userId: number; itemId: number };

// The sandbox's later steps wait 10 minutes, so the withdrawal is still open when the operator acts.
useServerAndBrowser({ FULFILMENT_STEP_MS: '600000' }, (started) => {
  ({ server, browser } = started);
});

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`admin-withdrawal-${name}`) });
const loginAndEnrol = (page: Page, name: string, password: string, newPassword?: string) =>
  signInConsole(page, server, name, password, newPassword);

describe('operator console: withdrawals (issue 16)', () => {
  it('a player asks to withdraw an item from the backpack', async () => {
    const page = await desktopPage(browser, errors);
    const { token } = await registerThroughUi(page, server.baseUrl);
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    const themes = await userGet<Array<{ boxList: Array<{ id: number; boxType: number; enabled: boolean }> }>>(
      server.baseUrl,
      token,
      '/api/common/getBoxThemeList?boxType=1',
    );
    const box = themes.flatMap((t) => t.boxList).find((b) => b.boxType === 1 && b.enabled)!;
    const opened = await userPost(server.baseUrl, token, '/api/case/openCase', { caseId: String(box.id), number: '1' });
    expect(opened.status).toBe(0);
    const itemId = (opened.data as { results: Array<{ voucherId: number }> }).results[0]!.voucherId;
    expect((await userPost(server.baseUrl, token, '/api/personalCenter/modifyTradeUrl', { tradeUrl: TRADE_URL })).status).toBe(0);
    expect((await userPost(server.baseUrl, token, '/api/personalCenter/ornamentRetrieval', { ids: String(itemId) })).status).toBe(0);
    const me = await userGet<{ userId?: number; id?: number }>(server.baseUrl, token, '/api/personalCenter/userInfo');
    player = { token, itemId, userId: Number(me.userId ?? me.id) };
    expect(player.userId).toBeGreaterThan(0);
    await page.context().close();
  });

  it('the first admin, from the documented command, creates a support operator', async () => {
    createAdmin(server, 'root', ROOT_PASSWORD);
    const admin = await desktopPage(browser, errors);
    await loginAndEnrol(admin, 'root', ROOT_PASSWORD);
    await admin.getByRole('link', { name: '操作员' }).click();
    const form = admin.locator('form', { has: admin.getByRole('heading', { name: '新建操作员' }) });
    await form.getByLabel('登录名').fill('helpdesk');
    await form.getByLabel('初始密码（至少12位）').fill(SUPPORT_PASSWORD);
    await form.getByLabel('角色').selectOption('support');
    await form.getByRole('button', { name: '新建操作员' }).click();
    await admin.getByRole('cell', { name: 'helpdesk', exact: true }).waitFor();
    await admin.context().close();
  });

  it('the support operator fails the withdrawal with a reason, and the item is back in the backpack', async () => {
    const support = await desktopPage(browser, errors);
    await loginAndEnrol(support, 'helpdesk', SUPPORT_PASSWORD, `${SUPPORT_PASSWORD}-own`);
    // Support sees players and withdrawals, not boxes or operators.
    const nav = support.getByRole('navigation', { name: '管理后台导航' });
    expect(await nav.getByRole('link', { name: /箱子管理/ }).count()).toBe(0);
    await nav.getByRole('link', { name: /提货处理/ }).click();
    await support.getByRole('heading', { name: '提货处理' }).waitFor();
    // The sandbox may already have moved it on (0 → 1): look at every state, for this player.
    await support.getByLabel('状态').selectOption('-1');
    await support.getByLabel('玩家ID').fill(String(player.userId));
    const row = support.getByRole('row').filter({ hasText: `(${player.userId})` });
    await row.waitFor();
    await shot(support, '1-queue');
    // A rare valuable drop waits for risk review (issue 24 §4): there the same end is 驳回 (reject the review).
    const failButton = /^(判定失败|驳回)$/;
    await row.getByRole('button', { name: failButton }).click();
    const dialog = support.getByRole('dialog', { name: /(判定失败|驳回提取单 \d+)$/ });
    await dialog.getByLabel(/原因/).fill('玩家交易链接失效');
    await shot(support, '2-fail');
    await dialog.getByRole('button', { name: failButton }).click();
    await row.getByText('已失败').waitFor();
    expect(await row.getByRole('button', { name: failButton }).count()).toBe(0);

    const backpack = await userGet<{ pageData: Array<{ id: number; state: string }> }>(
      server.baseUrl,
      player.token,
      '/api/personalCenter/getMyOrnamentPage?state=0',
    );
    expect(backpack.pageData.map((o) => [o.id, o.state])).toEqual([[player.itemId, 'in_backpack']]);
    const records = await userGet<{ pageData: Array<{ ornamentId: number; state: number; remark: string }> }>(
      server.baseUrl,
      player.token,
      '/api/personalCenter/getMyRetrievalPage',
    );
    expect(records.pageData[0]).toMatchObject({ ornamentId: player.itemId, state: 4, remark: '玩家交易链接失效' });
    expect(errors).toEqual([]);
  });
});
