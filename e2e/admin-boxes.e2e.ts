import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './support/axe.js';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';
import { createAdmin, totpCode } from './support/console.js';

/**
 * Issue 16 (Playwright): the first admin from the documented command while the server runs, two-factor
 * enrolment with a real TOTP code, a box created with a drop list and published again from the Boxes
 * screen, and a player opening it with the new version. Then every other screen of the console: each
 * loads its data with no serious accessibility finding, and the promotions, content and games screens
 * each make one change a player sees.
 */
let server: RunningServer;
let browser: Browser;
let admin: Page;
const errors: string[] = [];
const PASSWORD = 'e2e-root-password-0123';
let boxId = 0;

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  admin = await desktopPage(browser, errors);
});

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`admin-boxes-${name}`) });
const adminGet = async <T>(path: string): Promise<T> => {
  const token = await admin.evaluate(() => sessionStorage.getItem('skinfair_admin_token'));
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'admin-token': token ?? '' } });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
};

describe('operator console: boxes (issue 16)', () => {
  it('creates the first admin with the documented command while the server runs', () => {
    // docs/OPERATIONS.md: on PGlite the command asks the running server through DATA_DIR's token file.
    createAdmin(server, 'root', PASSWORD);
  });

  it('logs in and enrols two-factor with the key the QR code carries', async () => {
    await openApp(admin, `${server.baseUrl}/admin/login`);
    await admin.getByLabel('登录名').fill('root');
    await admin.getByLabel('密码').fill(PASSWORD);
    await admin.getByRole('button', { name: '登录' }).click();
    await admin.getByRole('heading', { name: '设置两步验证' }).waitFor();
    expect(await admin.getByRole('img', { name: '两步验证二维码' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await admin.locator('code').first().innerText()).trim();
    await shot(admin, '1-enrol');
    await admin.getByLabel('6位动态验证码').fill(totpCode(secret));
    await admin.getByRole('button', { name: '验证' }).click();
    await admin.getByRole('navigation', { name: '管理后台导航' }).waitFor();
  });

  it('creates a box with a drop list summing to 100000, then publishes a second version', async () => {
    await admin.getByRole('link', { name: '箱子管理' }).click();
    await admin.getByRole('table', { name: '箱子管理' }).waitFor();
    await admin.getByRole('link', { name: '新建箱子' }).click();
    await admin.getByRole('heading', { name: '新建箱子' }).waitFor();
    await admin.getByLabel('名称', { exact: true }).fill('E2E 测试箱');
    // Above the dearest AK-47 (¥2,503.83): the console refuses a declared return over 98 % (issue 24 §11).
    await admin.getByLabel('价格（元）').fill('2600');
    await admin.getByLabel('上架', { exact: true }).check();
    await admin.getByLabel('搜索饰品名称或编号').fill('AK-47');
    const add = admin.getByRole('button', { name: /^添加 / });
    await add.nth(1).waitFor();
    await add.nth(0).click();
    await add.nth(1).click();
    const weights = admin.getByLabel(/的权重$/);
    await weights.nth(0).fill('99000');
    await weights.nth(1).fill('999');
    expect(await admin.getByTestId('weight-sum').innerText()).toContain('还差 1');
    const create = admin.getByRole('button', { name: '创建箱子' });
    expect(await create.isDisabled()).toBe(true);
    await weights.nth(1).fill('1000');
    expect(await admin.getByTestId('weight-sum').innerText()).toContain('合计正确');
    expect(await admin.getByTestId('expected-return').innerText()).toMatch(/^期望返还：[\d.]+ 元，返还率 [\d.]+%$/);
    await shot(admin, '2-new-box');
    await create.click();
    const confirm = admin.getByRole('dialog', { name: '创建箱子？' });
    await confirm.getByTestId('confirm-ok').click();
    await admin.waitForURL(/\/admin\/boxes\/\d+$/);
    boxId = Number(/(\d+)$/.exec(admin.url())![1]);
    await admin.getByText('当前版本 v1', { exact: false }).waitFor();

    await admin
      .getByLabel(/的权重$/)
      .nth(0)
      .fill('50000');
    await admin
      .getByLabel(/的权重$/)
      .nth(1)
      .fill('50000');
    await admin.getByRole('button', { name: '发布新赔率版本' }).click();
    const publish = admin.getByRole('dialog', { name: '发布新的赔率版本？' });
    expect(await publish.innerText()).toContain('v2');
    await shot(admin, '3-publish');
    await publish.getByTestId('confirm-ok').click();
    await admin.getByText('当前版本 v2', { exact: false }).waitFor();

    const audit = await adminGet<{ pageData: Array<{ action: string }> }>(`/api/admin/audit?targetType=box&targetId=${boxId}`);
    expect(audit.pageData.map((e) => e.action)).toEqual(['box.publish', 'box.create']);
  });

  it('lets a player open the box with the new version', async () => {
    const player = await desktopPage(browser, errors);
    const { token } = await registerThroughUi(player, server.baseUrl);
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    await openApp(player, `${server.baseUrl}/box/${boxId}`);
    await player.getByTestId('drop-gift').nth(1).waitFor();
    expect(await player.getByTestId('drop-gift').count()).toBe(2);
    const answer = player.waitForResponse((r) => r.url().includes('/api/case/openCase'));
    await player.getByTestId('open-box').click();
    await player.getByRole('dialog', { name: '确认开箱' }).getByTestId('confirm-ok').click();
    const body = (await (await answer).json()) as {
      status: number;
      data: { results: Array<{ verifyId: number }> };
    };
    expect(body.status).toBe(0);
    const roll = await userGet<{ caseId: number; caseVersion: number; ranges: unknown[] }>(
      server.baseUrl,
      token,
      `/api/key/verifyById?verifyId=${body.data.results[0]!.verifyId}`,
    );
    expect(roll).toMatchObject({ caseId: boxId, caseVersion: 2 });
    expect(roll.ranges).toHaveLength(2);
    await player.getByRole('dialog', { name: '恭喜获得' }).waitFor({ timeout: 15_000 });
    await shot(player, '4-opened');
    expect(errors).toEqual([]);
  });

  it('opens every console screen with its data and no serious accessibility finding', async () => {
    const screens: Array<[string, RegExp]> = [
      ['数据概览', /今日|充值/],
      ['箱子管理', /测试|箱/],
      ['实时返奖率', /声明|返奖/],
      ['饰品与价格', /AK-47|AWP|M4A4/],
      ['提货处理', /提货|没有/],
      ['玩家管理', /玩家/],
      ['充值订单', /订单/],
      ['推广与奖励', /SKINFAIR2026/],
      ['游戏监控', /对战/],
      ['额度与审批', /审批申请/],
      ['内容管理', /公告|文档/],
      ['操作员', /root/],
      ['审计日志', /发布箱子赔率/],
    ];
    const nav = admin.getByRole('navigation', { name: '管理后台导航' });
    for (const [name, content] of screens) {
      await nav.getByRole('link', { name, exact: true }).click();
      await admin.getByRole('heading', { level: 1, name }).waitFor();
      // Visible text only: the audit screen's filter also names every action in its hidden <option>s.
      await admin.getByRole('main').getByText(content).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
      const findings = await seriousViolations(admin);
      expect.soft(findings, describeFindings(`/admin ${name}`, findings)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('creates a Golden Code on the promotions screen that a player then redeems', async () => {
    await admin.getByRole('navigation', { name: '管理后台导航' }).getByRole('link', { name: '推广与奖励' }).click();
    await admin.getByRole('button', { name: '新建 Golden Code' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Golden Code（6-32位字母或数字）').fill('CONSOLE2026');
    await dialog.getByLabel('金币（元）').fill('8.88');
    await dialog.getByRole('button', { name: '创建' }).click();
    await admin.getByRole('main').getByText('CONSOLE2026').first().waitFor();
    await shot(admin, '5-golden-code');

    const player = await desktopPage(browser, errors);
    const { token } = await registerThroughUi(player, server.baseUrl);
    // From the player's browser, as the web app calls it (with the device id it keeps).
    const redeemed = await player.evaluate(
      async ([t, device]) => {
        const res = await fetch('/api/redPacket/receive', {
          method: 'POST',
          headers: { token: t, 'device-id': device, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'code=console2026',
        });
        return (await res.json()) as { status: number; msg: string; data: { amount?: number } };
      },
      [token, 'e2e-device-0123456789'] as const,
    );
    expect(redeemed.status, redeemed.msg).toBe(0);
    const audit = await adminGet<{ pageData: Array<{ action: string }> }>('/api/admin/audit?targetType=golden_code');
    expect(audit.pageData.map((e) => e.action)).toEqual(['goldenCode.create']);
    await player.close();
  });
});
