import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { apiData } from './support/accounts.js';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openApp } from './support/browser.js';
import { registerThroughUi } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 15 (accessibility): axe-core finds no serious or critical violation on any main page or overlay,
 * as a guest and logged in, on the desktop and on a phone. One server, one browser; each page is checked
 * once it has loaded its data and its entrance animations have ended.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let guest: Page;
let player: Page;
let token = '';
let battleCode = '';
let boxId = 0;
let giveawayId = 0;
let helpDocPath = '';
let supportDocPath = '';

async function newPage(phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone
      ? { locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { locale: 'zh-CN', viewport: { width: 1366, height: 900 } },
  );
  contexts.push(context);
  const page = await context.newPage();
  // Calls to our own API in flight. Not 'networkidle': item pictures point at an image host the closed
  // test network never answers, so the network is never idle.
  const pending = new Set<Request>();
  const isApi = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => isApi(r) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  inFlight.set(page, pending);
  return page;
}
const inFlight = new WeakMap<Page, Set<Request>>();

/** No API call in flight for a moment and every finite animation ended, so text and colours are final. */
async function settle(page: Page): Promise<void> {
  const pending = inFlight.get(page)!;
  // At most 5 s: a call that never ends must not hang the check (axe then reports what is on screen).
  for (let quiet = 0, round = 0; quiet < 3 && round < 50; round++) {
    await page.waitForTimeout(100);
    quiet = pending.size === 0 ? quiet + 1 : 0;
  }
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function expectClean(page: Page, where: string): Promise<void> {
  await settle(page);
  const findings = await seriousViolations(page);
  expect.soft(findings, describeFindings(where, findings)).toEqual([]);
}

async function visit(page: Page, path: string, label = path): Promise<void> {
  await openApp(page, `${server.baseUrl}${path}`);
  await page.locator('main').first().waitFor();
  await expectClean(page, label);
}

const mainPaths = () => [
  '/box',
  `/box/${boxId}`,
  '/battle',
  '/battle/create',
  '/reverse',
  '/giveaways',
  `/giveaways/${giveawayId}`,
  '/dream',
  '/shop',
  '/skin',
  '/event',
  '/promotions',
  '/docs/help',
  helpDocPath,
  '/docs/support',
  supportDocPath,
  '/provably-fair',
  '/provably-fair/verify',
];
const personalPaths = [
  '/personal',
  '/personal/bag',
  '/personal/vip',
  '/personal/flow',
  '/personal/promo',
  '/personal/transfer',
  '/personal/virtual',
];

/** Every /home tab in turn (by position, so a renamed tab keeps being checked). */
async function homeTabs(page: Page, who: string): Promise<void> {
  await openApp(page, `${server.baseUrl}/home`);
  const tabs = page.getByRole('tab');
  await tabs.first().waitFor();
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await expectClean(page, `${who} /home tab ${i + 1} (${await tabs.nth(i).innerText()})`);
  }
}

/**
 * A browser's first visit of /home: the public notice opens by itself once per notice version (issue 15);
 * it is checked and closed so it does not cover the pages after it.
 */
async function firstVisit(page: Page, who: string): Promise<void> {
  await openApp(page, `${server.baseUrl}/home`);
  await page.getByRole('tab').first().waitFor();
  await settle(page);
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) === 0) return;
  await expectClean(page, `${who} public notice (first visit)`);
  await page.keyboard.press('Escape');
  await dialog.first().waitFor({ state: 'detached' });
}

async function overlay(page: Page, open: () => Promise<void>, where: string): Promise<void> {
  await open();
  await page.getByRole('dialog').first().waitFor();
  await expectClean(page, where);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').first().waitFor({ state: 'detached' });
}

useServerAndBrowser({ SMS_RESEND_SECONDS: '3' }, async (started) => {
  ({ server, browser } = started);
  const themes = await apiData<{ boxList: { id: number }[] }[]>(server.baseUrl, '/api/common/getBoxThemeList');
  boxId = themes.flatMap((t) => t.boxList)[0]!.id;
  const created = await fetch(`${server.baseUrl}/api/sandbox/officialGiveaway`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'seconds=600&prizes=1',
  });
  giveawayId = ((await created.json()) as { data: { id: number } }).data.id;
  guest = await newPage();
  player = await newPage();
});

describe('accessibility: no serious or critical axe-core violation (issue 15)', () => {
  it('as a guest: the home tabs, the main pages and the sign-in overlays', async () => {
    await firstVisit(guest, 'guest');
    await homeTabs(guest, 'guest');
    await openApp(guest, `${server.baseUrl}/docs/help`);
    const doc = guest.locator('main a[href^="/docs/help/"]').first();
    await doc.waitFor();
    helpDocPath = (await doc.getAttribute('href'))!;
    await openApp(guest, `${server.baseUrl}/docs/support`);
    const supportDoc = guest.locator('main a[href^="/docs/support/"]').first();
    await supportDoc.waitFor();
    supportDocPath = (await supportDoc.getAttribute('href'))!;
    for (const path of mainPaths()) await visit(guest, path, `guest ${path}`);
    await visit(guest, '/personal', 'guest /personal');

    await openApp(guest, `${server.baseUrl}/home`);
    const header = guest.locator('header');
    await overlay(guest, () => header.getByRole('button', { name: '登录/注册' }).click(), 'guest login overlay');
    await header.getByRole('button', { name: '登录/注册' }).click();
    await guest.getByTestId('switch-register').click();
    await guest.getByRole('dialog', { name: '注册', exact: true }).waitFor();
    await expectClean(guest, 'guest register overlay');
    await guest.keyboard.press('Escape');
    await overlay(guest, () => header.getByRole('button', { name: '语言' }).click(), 'guest language overlay');
    const notice = header.getByRole('button', { name: '公告' });
    if (await notice.count()) await overlay(guest, () => notice.click(), 'guest public notice overlay');
    await openApp(guest, `${server.baseUrl}/skin`);
    await overlay(guest, () => guest.getByTestId('skin-tile').first().click(), 'guest skin overlay');
    // The walk takes ~75 s on a quiet machine since every page keeps its live socket (decision 0053).
  }, 180_000);

  it('logged in: the home tabs and every main page', async () => {
    await firstVisit(player, 'player');
    ({ token } = await registerThroughUi(player, server.baseUrl));
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    const battle = await userPost(server.baseUrl, token, '/api/battle/create', {
      boxLists: String(boxId),
      countCustomer: '2',
    });
    expect(battle.status).toBe(0);
    battleCode = (battle.data as { battleCode: string }).battleCode;

    await homeTabs(player, 'player');
    for (const path of mainPaths()) await visit(player, path, `player ${path}`);
    // Each page opens its live socket and reads the online count again once subscribed (issue 30 §9),
    // which the settle step waits out; a loaded CI machine took 180 s for this walk and the next together.
  }, 180_000);

  it('logged in: a battle room, the personal centre, the recharge overlay and the user card', async () => {
    expect(battleCode, 'the walk before created the battle').not.toBe('');
    for (const path of [`/battle/${battleCode}`, ...personalPaths]) await visit(player, path, `player ${path}`);
    await visit(guest, `/battle/${battleCode}`, `guest /battle/${battleCode}`);

    await openApp(player, `${server.baseUrl}/home`);
    await overlay(player, () => player.getByTestId('header-recharge').click(), 'player recharge overlay');
    // A drop of this player's own in the live feed opens the public player card.
    expect((await userPost(server.baseUrl, token, '/api/case/openCase', { caseId: String(boxId) })).status).toBe(0);
    await overlay(player, () => player.getByTestId('drop-player').first().click(), 'player user card overlay');
    await player.getByTestId('user-menu').click();
    await player.getByTestId('menu-balance').waitFor();
    await expectClean(player, 'player user menu');
    await player.keyboard.press('Escape');
  }, 180_000);

  it('on a phone (390×844): home, a box, the personal centre and the left menu', async () => {
    const phone = await newPage(true);
    await firstVisit(phone, 'phone');
    await phone.evaluate((t) => localStorage.setItem('token', t), token);
    for (const path of ['/home', `/box/${boxId}`, '/battle', '/personal', '/docs/help']) {
      await visit(phone, path, `phone ${path}`);
    }
    await overlay(phone, () => phone.getByRole('button', { name: '打开菜单' }).click(), 'phone left menu');
  }, 180_000);
});
