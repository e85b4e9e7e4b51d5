import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath, skipFirstVisitNotice } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';
import { createAdmin, signInConsole } from './support/console.js';

/**
 * Issue 30 §8 (and §4 on screen) in a real browser, on a desktop and on a phone: a player's dream and
 * fairness records in Beijing time, losses as -¥, points without ¥, the nonce and odds-hash labels in
 * Chinese, a giveaway countdown in whole seconds, and the console's audit log with Chinese action names
 * and labelled fields instead of JSON.
 */
let server: RunningServer;
let browser: Browser;
let desk: Page;
let phoneContext: BrowserContext;
let phone: Page;
let token = '';
const errors: string[] = [];
const ROOT_PASSWORD = 'e2e-root-password-formats';
const BEIJING = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  desk = await desktopPage(browser, errors);
});

/** The Beijing wall-clock time of an ISO instant, computed here independently of the page. */
const beijingOf = (iso: string) => {
  const d = new Date(Date.parse(iso) + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
};
const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`formats-${name}`), fullPage: false });

async function openPhone(withToken: string | null, adminToken?: string) {
  phoneContext = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await skipFirstVisitNotice(phoneContext);
  if (withToken) await phoneContext.addInitScript((t) => localStorage.setItem('token', t), withToken);
  if (adminToken) await phoneContext.addInitScript((t) => sessionStorage.setItem('skinfair_admin_token', t), adminToken);
  phone = await phoneContext.newPage();
  phone.on('pageerror', (err) => errors.push(err.message));
}

describe('formats a player reads (issue 30 §8)', () => {
  let games: Array<{ createTime: string; verifyId: number; balanceBefore: { coin: number } }> = [];

  it('a player opens three boxes in one go and plays a dream', async () => {
    ({ token } = await registerThroughUi(desk, server.baseUrl));
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    const themes = await userGet<Array<{ boxList: Array<{ id: number; boxType: number; enabled: boolean }> }>>(
      server.baseUrl,
      token,
      '/api/common/getBoxThemeList?boxType=1',
    );
    const box = themes.flatMap((t) => t.boxList).find((b) => b.boxType === 1 && b.enabled)!;
    expect((await userPost(server.baseUrl, token, '/api/case/openCase', { caseId: String(box.id), number: '3' })).status).toBe(0);

    await openApp(desk, `${server.baseUrl}/dream`);
    const target = desk.locator('[data-testid="dream-target"]:not([disabled])').first();
    await target.waitFor();
    await target.click();
    await desk.getByTestId('dream-start').click();
    const answer = desk.waitForResponse((r) => r.url().includes('/api/upgrade/startUpgrade'));
    await desk.getByTestId('dream-confirm').getByTestId('confirm-ok').click();
    expect(((await (await answer).json()) as { status: number }).status).toBe(0);
    await desk.locator('[data-testid="dream-ring"][data-state="landed"]').waitFor({ timeout: 20_000 });
  });

  it('the dream records show Beijing time', async () => {
    const log = await userGet<{ pageData: Array<{ createTime: string }> }>(server.baseUrl, token, '/api/personalCenter/getMyDreamLog');
    const [mine] = log.pageData;
    await desk.getByTestId('dream-record-tabs').getByRole('tab', { name: '我的记录' }).click();
    const row = desk.getByTestId('dream-record').first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(beijingOf(mine!.createTime));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await row.scrollIntoViewIfNeeded();
    await shot(desk, 'desktop-dream-records');
  });

  it('the fairness records show Beijing times, each opening’s own balances and Chinese labels', async () => {
    games = (await userGet<{ pageData: typeof games }>(server.baseUrl, token, '/api/key/gameRecords')).pageData;
    await openApp(desk, `${server.baseUrl}/provably-fair`);
    const records = desk.getByTestId('game-record');
    await records.first().waitFor();
    expect(await records.count()).toBe(4);
    const text = await desk.getByTestId('game-records').innerText();
    expect(text).toContain(beijingOf(games[0]!.createTime));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toMatch(/Nonce|oddsHash/);
    expect(text).toContain('随机序号');
    // §4: the three openings of the batch each show their own balance before (three different figures).
    const befores = await desk.getByTestId('balance-before').allInnerTexts();
    expect(new Set(befores.slice(1)).size).toBe(3);
    // Points are shown without any currency sign.
    for (const b of befores) expect(b).toMatch(/积分 [\d.]+$/);
    // The batch's openings (newest first after the dream) in view, their balances one after the other.
    await records.nth(1).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(desk, 'desktop-fairness-records');
  });

  it('a net loss reads -¥, never ¥-', async () => {
    await openApp(desk, `${server.baseUrl}/personal/activity`);
    const net = desk.getByTestId('activity-total-net');
    await net.waitFor();
    const text = await net.innerText();
    expect(text).not.toContain('¥-');
    expect(text).toMatch(/^-?¥\d/);
    const flow = await openApp(desk, `${server.baseUrl}/personal/flow`);
    expect(flow?.ok()).toBe(true);
    await desk.getByTestId('flow-list').waitFor();
    const changes = await desk.getByTestId('flow-change').allInnerTexts();
    expect(changes.some((c) => c.startsWith('-¥'))).toBe(true);
    for (const c of changes) expect(c).not.toContain('¥-');
    await shot(desk, 'desktop-flow');
  });

  it('the giveaway countdown shows whole seconds, no milliseconds', async () => {
    await openApp(desk, `${server.baseUrl}/giveaways`);
    const countdown = desk.getByTestId('giveaway-countdown').first();
    await countdown.waitFor();
    expect(await countdown.innerText()).toMatch(/^(\d+ 天 )?\d{2}:\d{2}:\d{2}$/);
    const card = desk
      .getByTestId('giveaway-card')
      .filter({ has: desk.getByTestId('giveaway-countdown') })
      .first();
    await openApp(desk, `${server.baseUrl}/giveaways/${await card.getAttribute('data-id')}`);
    const big = desk.getByTestId('giveaway-countdown');
    await big.waitFor();
    expect(await big.innerText()).toMatch(/^(\d+ 天 )?\d{2}:\d{2}:\d{2}$/);
    expect(await desk.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d/);
    await shot(desk, 'desktop-giveaway');
  });

  it('on a phone: the same records, times and countdown', async () => {
    await openPhone(token);
    await openApp(phone, `${server.baseUrl}/provably-fair`);
    await phone.getByTestId('game-record').first().waitFor();
    expect(await phone.getByTestId('game-records').innerText()).toContain(beijingOf(games[0]!.createTime));
    await phone.getByTestId('game-record').first().scrollIntoViewIfNeeded();
    await shot(phone, 'phone-fairness-records');

    await openApp(phone, `${server.baseUrl}/dream`);
    await phone.getByTestId('dream-record-tabs').getByRole('tab', { name: '我的记录' }).click();
    // On a phone each record is a card, its time in view without scrolling sideways.
    const row = phone.getByTestId('dream-record-card').first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const box = await row.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await shot(phone, 'phone-dream-records');

    await openApp(phone, `${server.baseUrl}/giveaways`);
    const countdown = phone.getByTestId('giveaway-countdown').first();
    await countdown.waitFor();
    expect(await countdown.innerText()).toMatch(/^(\d+ 天 )?\d{2}:\d{2}:\d{2}$/);
    await phone
      .getByTestId('giveaway-card')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(phone, 'phone-giveaways');
    await phoneContext.close();
  });
});

describe('the console’s audit log reads as Chinese fields (issue 30 §8)', () => {
  let adminToken = '';

  it('the first admin signs in and freezes the player with a reason', async () => {
    createAdmin(server, 'root', ROOT_PASSWORD);
    await signInConsole(desk, server, 'root', ROOT_PASSWORD);
    adminToken = (await desk.evaluate(() => sessionStorage.getItem('skinfair_admin_token'))) ?? '';
    expect(adminToken).not.toBe('');

    const me = await userGet<{ id?: number; userId?: number }>(server.baseUrl, token, '/api/personalCenter/userInfo');
    const res = await fetch(`${server.baseUrl}/api/admin/players/freeze`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ id: String(me.userId ?? me.id), frozen: 'true', reason: '核查异常登录' }).toString(),
    });
    expect(((await res.json()) as { status: number }).status).toBe(0);
  });

  it('shows action names in Chinese, times in Beijing time and the change as labelled fields', async () => {
    await openApp(desk, `${server.baseUrl}/admin/audit`);
    const actions = desk.getByTestId('audit-action');
    await actions.first().waitFor();
    const names = await actions.allInnerTexts();
    expect(names).toContain('冻结玩家');
    expect(names).toContain('绑定两步验证');
    for (const n of names) expect(n).not.toMatch(/^[a-z]+\.[A-Za-z-]+$/);
    const table = desk.locator('table').first();
    const text = await table.innerText();
    expect(text).not.toMatch(/[{}"]/);
    expect(text).toContain('状态：');
    expect(text).toContain('原因：核查异常登录');
    const times = await desk.locator('tbody tr td:first-child span').allInnerTexts();
    for (const t of times) expect(t).toMatch(BEIJING);
    await desk.getByText('查看').first().click();
    await desk.getByTestId('audit-fields').first().waitFor();
    await shot(desk, 'desktop-audit');
  });

  it('the audit log on a phone', async () => {
    await openPhone(null, adminToken);
    await openApp(phone, `${server.baseUrl}/admin/audit`);
    await phone.getByTestId('audit-action').first().waitFor();
    expect(await phone.getByTestId('audit-action').allInnerTexts()).toContain('冻结玩家');
    await phone.getByTestId('audit-details').first().scrollIntoViewIfNeeded();
    await shot(phone, 'phone-audit');
    await phoneContext.close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
