import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { openApp, reloadApp, screenshotPath, skipFirstVisitNotice } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';
import { createAdmin, totpCode } from './support/console.js';

/**
 * Issue 30 §5–7 and the player parts of §9, on a 1366 × 900 desktop and a 390 × 844 phone: the sandbox
 * strip covers no control, 去设置交易链接 lands in the trade-link field, the online count counts the player,
 * 一半 is 50 %, the dial's number stays readable, 立即充值 is in sight, and a battle says 开奖中 until its
 * last reel lands.
 */
let server: RunningServer;
let browser: Browser;
const errors: string[] = [];
const ROOT_PASSWORD = 'e2e-root-password-0123';

const views = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  createAdmin(server, 'root', ROOT_PASSWORD);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (target: Locator): Promise<Box> => {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

/** The sandbox strip is on screen and does not overlap the control (both where the page puts them). */
async function expectUncovered(page: Page, control: Locator) {
  await control.waitFor();
  const strip = await boxOf(page.getByTestId('sandbox-badge'));
  const viewport = page.viewportSize()!;
  expect(strip.y).toBeGreaterThanOrEqual(0);
  expect(strip.y + strip.height).toBeLessThanOrEqual(viewport.height);
  expect(overlaps(strip, await boxOf(control))).toBe(false);
}

/** Scrolls an element to the middle of the screen (clear of the sticky header) for a screenshot. */
const centre = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: 'center' }));

/** The header's online count (shown from sm up) counts this player once their socket is up. */
async function expectCountedOnline(page: Page, phone: boolean) {
  if (phone) return;
  const online = page.getByTestId('online-count');
  await expect.poll(async () => Number(/(\d+)/.exec(await online.innerText())?.[1] ?? 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await expectUncovered(page, online);
}

/** Entirely inside the viewport, without scrolling. */
async function expectInViewport(page: Page, target: Locator) {
  const box = await boxOf(target);
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

async function firstBoxId(token: string): Promise<number> {
  const themes = await userGet<Array<{ boxList: Array<{ id: number; boxType: number; enabled: boolean }> }>>(
    server.baseUrl,
    token,
    '/api/common/getBoxThemeList?boxType=1',
  );
  return themes.flatMap((t) => t.boxList).find((b) => b.boxType === 1 && b.enabled)!.id;
}

for (const view of views) {
  describe(`player polish on the ${view.name} (issue 30 §5–7, §9)`, () => {
    let page: Page;
    let token = '';
    let boxId = 0;
    const shot = (name: string) => page.screenshot({ path: screenshotPath(`player-polish-${view.name}-${name}`) });

    beforeAll(async () => {
      const context = await browser.newContext({
        locale: 'zh-CN',
        viewport: view.viewport,
        ...(view.phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
      });
      await skipFirstVisitNotice(context);
      page = await context.newPage();
      page.on('pageerror', (err) => errors.push(`${view.name}: ${err.message}`));
      ({ token } = await registerThroughUi(page, server.baseUrl));
      expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
      boxId = await firstBoxId(token);
      const opened = await userPost(server.baseUrl, token, '/api/case/openCase', { caseId: String(boxId), number: '2' });
      expect(opened.status).toBe(0);
    });

    it('counts the logged-in player online on a page without a live feed (§9)', async () => {
      await openApp(page, `${server.baseUrl}/personal`);
      await page.locator('html[data-live="subscribed"]').waitFor({ timeout: 45_000 });
      const count = async () => {
        const stat = await userGet<{ onlineCount: number }>(server.baseUrl, token, '/api/stat/homepage');
        return stat.onlineCount;
      };
      expect(await count()).toBeGreaterThanOrEqual(1);
      // The header shows it from sm up (the phone header has no room for it).
      await expectCountedOnline(page, view.phone);
      await shot('1-online');
    });

    it('keeps the sandbox strip in sight without covering the backpack total, 开启 and 开始追梦 (§6)', async () => {
      await openApp(page, `${server.baseUrl}/personal/bag`);
      await page.getByTestId('bag-item').first().waitFor();
      await page.getByTestId('bag-select-all').click();
      await expect.poll(() => page.getByTestId('bag-selected').innerText()).toContain('2');
      await expectUncovered(page, page.getByTestId('bag-selected'));
      await expectCountedOnline(page, view.phone);
      await shot('2-bag');

      await openApp(page, `${server.baseUrl}/box/${boxId}`);
      await expectUncovered(page, page.getByTestId('open-box'));
      await expectCountedOnline(page, view.phone);
      // The strip stays on screen while the page scrolls: it is part of the sticky header.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(async () => (await boxOf(page.getByTestId('sandbox-badge'))).y).toBe(0);
      await page.getByTestId('open-box').scrollIntoViewIfNeeded();
      await expectUncovered(page, page.getByTestId('open-box'));
      await shot('3-box');
    });

    it('says where the dream targets are, sets 一半 to 50 %, and keeps the roll number clear of the pointer (§9, §6)', async () => {
      await openApp(page, `${server.baseUrl}/dream`);
      const hint = page.getByTestId('dream-no-target');
      await expect.poll(() => hint.innerText()).toContain(view.phone ? '下方' : '右侧');
      expect(await hint.innerText()).not.toContain(view.phone ? '右侧' : '下方');
      await page.getByTestId('dream-target').first().click();
      await page.getByTestId('dream-preset-mid').click();
      expect(await page.getByTestId('dream-probability').innerText()).toBe('50.00%');
      expect(await page.getByTestId('dream-slider').inputValue()).toBe('50000');
      await expectUncovered(page, page.getByTestId('dream-start'));

      // A low chance, so the pointer most likely stops in the lower half, where it used to cross the number.
      await page.getByTestId('dream-preset-min').click();
      await page.getByTestId('dream-start').click();
      await page.getByTestId('dream-confirm').getByTestId('confirm-ok').click();
      await page.locator('[data-testid="dream-ring"][data-state="landed"]').waitFor({ timeout: 30_000 });
      const number = await boxOf(page.getByTestId('dream-ring-number'));
      const pointer = await boxOf(page.locator('[data-testid="dream-pointer"] line'));
      expect(overlaps(number, pointer)).toBe(false);
      await expectCountedOnline(page, view.phone);
      await centre(page.getByTestId('dream-ring'));
      await shot('4-dream');
    });

    it('去设置交易链接 opens the trade-link field itself, in view and focused (§7)', async () => {
      await openApp(page, `${server.baseUrl}/personal/bag`);
      await page.getByTestId('bag-item').first().waitFor();
      await page.getByTestId('bag-select-all').click();
      await page.getByTestId('bag-retrieve').click();
      const dialog = page.getByTestId('bag-retrieve-confirm');
      await dialog.getByTestId('need-trade-url').waitFor();
      await dialog.getByTestId('set-trade-url').click();
      await page.waitForURL(/\/personal#trade-url$/);
      const field = page.locator('input[name="tradeUrl"]');
      await field.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'tradeUrl');
      await expectInViewport(page, field);
      // Not hidden under the sticky header either.
      const header = await boxOf(page.locator('header'));
      expect((await boxOf(field)).y).toBeGreaterThanOrEqual(header.y + header.height);
      await shot('5-trade-link');
    });

    it('shows 立即充值 without scrolling (§9)', async () => {
      await openApp(page, `${server.baseUrl}/home`);
      await page.getByTestId('header-recharge').click();
      const overlay = page.getByRole('dialog', { name: '充值' });
      await overlay.getByTestId('recharge-form').waitFor();
      await expectInViewport(page, overlay.getByTestId('recharge-submit'));
      // The dialog opens below the sandbox strip, which stays readable.
      await expectUncovered(page, overlay);
      await shot('6-recharge');
      await page.keyboard.press('Escape');
    });

    it('a battle says 开奖中 while its rounds are revealed and 已结束 once the last reel lands (§5)', async () => {
      const created = await userPost(server.baseUrl, token, '/api/battle/create', {
        boxLists: [boxId, boxId, boxId].join(','),
        countCustomer: '2',
        mode: '0',
      });
      expect(created.status, created.msg).toBe(0);
      const code = (created.data as { battleCode: string }).battleCode;
      await openApp(page, `${server.baseUrl}/battle/${code}`);
      await page.getByTestId('battle-room').waitFor();
      expect((await userPost(server.baseUrl, token, '/api/battle/joinBot', { battleCode: code, pos: '0' })).status).toBe(0);
      // Beacon round 6–9 s after the lock; the server then says "ended" while the room shows round 1 of 3.
      await page.getByTestId('battle-revealing').waitFor({ timeout: 40_000 });
      expect(await page.getByTestId('battle-room').getAttribute('data-state')).toBe('2');
      expect(await page.getByTestId('battle-state').innerText()).toBe('开奖中');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('7-battle-revealing');
      await page.getByTestId('battle-winner').waitFor({ timeout: 40_000 });
      expect(await page.getByTestId('battle-state').innerText()).toBe('已结束');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('8-battle-ended');
    });

    it('the console shows the strip above its frame, clear of 退出登录 (§6)', async () => {
      const admin = await consolePage();
      await admin.setViewportSize(view.viewport);
      await reloadApp(admin);
      await admin.getByRole('navigation', { name: '管理后台导航' }).waitFor();
      const logout = admin.getByRole('button', { name: '退出登录' });
      await expectUncovered(admin, logout);
      // The sidebar stays in view, so 退出登录 is in sight without scrolling the screen.
      await expectInViewport(admin, logout);
      await admin.screenshot({ path: screenshotPath(`player-polish-${view.name}-9-console`) });
    });
  });
}

let consoleTab: Page | null = null;
/** The first admin, logged in once (password, then the authenticator enrolment); both views reuse the tab. */
async function consolePage(): Promise<Page> {
  if (consoleTab) return consoleTab;
  const admin = await (await browser.newContext({ locale: 'zh-CN', viewport: views[0].viewport })).newPage();
  admin.on('pageerror', (err) => errors.push(`console: ${err.message}`));
  await openApp(admin, `${server.baseUrl}/admin/login`);
  await expectUncovered(admin, admin.getByRole('button', { name: '登录' }));
  await admin.getByLabel('登录名').fill('root');
  await admin.getByLabel('密码').fill(ROOT_PASSWORD);
  await admin.getByRole('button', { name: '登录' }).click();
  await admin.getByRole('heading', { name: '设置两步验证' }).waitFor();
  const secret = (await admin.locator('code').first().innerText()).trim();
  await admin.getByLabel('6位动态验证码').fill(totpCode(secret));
  await admin.getByRole('button', { name: '验证' }).click();
  await admin.getByRole('navigation', { name: '管理后台导航' }).waitFor();
  consoleTab = admin;
  return admin;
}

describe('player polish', () => {
  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
