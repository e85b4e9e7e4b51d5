import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 12 in a real browser: two players in two browser contexts fight one battle and see the same
 * rounds and the same winner; a battle against a bot made with "create the same battle"; a replay and
 * the in-browser verification of every roll; the reverse (非酋) arena.
 */
let server: RunningServer;
let browser: Browser;
let alice: Page;
let bob: Page;
let aliceToken = '';
let bobToken = '';
let battleCode = '';
const errors: string[] = [];

interface Results {
  winnerPos: number | null;
  rolls: { round: number; pos: number; giftName: string; giftPrice: number }[];
  customerList: { pos: number; customerId: number | null; isBot: boolean }[];
}

async function newPlayer(): Promise<{ page: Page; token: string }> {
  const page = await desktopPage(browser, errors);
  const { token } = await registerThroughUi(page, server.baseUrl);
  expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
  return { page, token };
}

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  ({ page: alice, token: aliceToken } = await newPlayer());
  ({ page: bob, token: bobToken } = await newPlayer());
});

const shot = (page: Page, name: string) => page.screenshot({ path: screenshotPath(`battles-${name}`) });
const results = (code: string) => userGet<Results>(server.baseUrl, aliceToken, `/api/battle/getBattleResults?battleCode=${code}`);
const balance = async (token: string) =>
  (await userGet<{ balance: number }>(server.baseUrl, token, '/api/personalCenter/userInfo')).balance;

/** The seat totals and winner a room shows once every round has landed. */
async function finalPicture(page: Page) {
  const banner = page.getByTestId('battle-winner');
  // Beacon round 6–9 s after the lock, then one round every 4 s.
  await banner.waitFor({ timeout: 60_000 });
  const totals = await page.getByTestId('seat-total').allInnerTexts();
  return { winnerPos: await banner.getAttribute('data-pos'), totals };
}

describe('battles (issue 12)', () => {
  it('one player creates a 2-seat battle from the box picker, paying after a confirm', async () => {
    await openApp(alice, `${server.baseUrl}/battle/create`);
    await alice.getByTestId('pick-box').first().waitFor();
    const boxes = alice.getByTestId('pick-box');
    await boxes.nth(0).getByTestId('pick-plus').click();
    await boxes.nth(1).getByTestId('pick-plus').click();
    await boxes.nth(1).getByTestId('pick-plus').click();
    expect(await alice.getByTestId('picked-count').innerText()).toBe('3/20');
    // The creator takes the second seat (battle/create pos, issue 27 §7); the joiner gets the free first one.
    await alice.getByTestId('create-pos').getByRole('tab', { name: '2 号位' }).click();
    await shot(alice, '1-create');
    const before = await balance(aliceToken);
    await alice.getByTestId('create-submit').click();
    const confirm = alice.getByTestId('create-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('create-confirm-text').innerText()).toContain('3 轮');
    await confirm.getByTestId('confirm-ok').click();
    await alice.waitForURL(/\/battle\/(?!create)[\w-]+$/);
    battleCode = new URL(alice.url()).pathname.split('/').pop()!;
    await alice.getByTestId('battle-room').waitFor();
    expect(await alice.getByTestId('battle-room').getAttribute('data-state')).toBe('0');
    await alice.locator('[data-testid="battle-seat"][data-pos="2"]').getByText('房主').waitFor();
    const detail = await userGet<{ totalPrice: number }>(
      server.baseUrl,
      aliceToken,
      `/api/battle/getBattleDetail?battleCode=${battleCode}`,
    );
    expect(before - (await balance(aliceToken))).toBe(detail.totalPrice);
  });

  it('the other player finds it in the arena, joins after a price confirm, and both watch the same rounds and winner', async () => {
    await openApp(bob, `${server.baseUrl}/battle`);
    const card = bob.locator(`[data-testid="battle-card"][data-code="${battleCode}"]`);
    await card.waitFor();
    await shot(bob, '2-arena');
    await card.getByRole('link').click();
    await bob.waitForURL(new RegExp(`/battle/${battleCode}$`));
    await bob.getByTestId('battle-join').click();
    const confirm = bob.getByTestId('join-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('join-confirm-text').innerText()).toMatch(/¥[\d.]+/);
    await confirm.getByTestId('confirm-ok').click();

    // Both rooms follow the live events: the lock, then the rounds on one schedule.
    for (const page of [alice, bob]) await page.getByTestId('round-stage').waitFor({ timeout: 40_000 });
    await shot(bob, '3-round');
    const [a, b] = await Promise.all([finalPicture(alice), finalPicture(bob)]);
    await shot(alice, '4-winner');
    expect(a).toEqual(b);
    const server_ = await results(battleCode);
    expect(a.winnerPos).toBe(String(server_.winnerPos));
    expect(server_.rolls).toHaveLength(3 * 2);
  });

  it('the winner can sell the items from the room; the loser has none to sell', async () => {
    const r = await results(battleCode);
    expect(r.customerList.map((s) => s.pos).sort()).toEqual([1, 2]);
    const winnerIsAlice = r.winnerPos === 2; // Alice took seat 2 when she created the battle.
    const [winner, loser, winnerToken] = winnerIsAlice ? [alice, bob, aliceToken] : [bob, alice, bobToken];
    expect(await loser.getByTestId('won-items').count()).toBe(0);
    const won = winner.getByTestId('won-items');
    await won.waitFor();
    expect(await won.getByTestId('won-item').count()).toBe(6);
    const before = await balance(winnerToken);
    await won.getByTestId('won-sell').first().click();
    await won.locator('[data-testid="won-item"][data-state="sold"]').first().waitFor();
    expect(await balance(winnerToken)).toBeGreaterThan(before);
  });

  it('replays the finished battle from round 1, and verifies every roll in the browser', async () => {
    await alice.getByTestId('battle-replay').click();
    const stage = alice.getByTestId('round-stage');
    await stage.waitFor();
    expect(await stage.getAttribute('data-round')).toBe('1');
    await shot(alice, '5-replay');
    await alice.getByTestId('battle-skip').click();
    await alice.getByTestId('battle-winner').waitFor();

    await alice.getByTestId('battle-verify').click();
    await alice.waitForURL(new RegExp(`/battle/${battleCode}/verify$`));
    const summary = alice.getByTestId('verify-summary');
    await summary.waitFor({ timeout: 20_000 });
    expect(await summary.getAttribute('data-ok')).toBe('true');
    expect(await alice.getByTestId('verify-roll').count()).toBe(6);
    expect(await alice.locator('[data-testid="verify-roll"][data-ok="true"]').count()).toBe(6);
    await shot(alice, '6-verify');
  });

  it('"create the same battle" starts from the same boxes; the creator adds a bot, which never pays', async () => {
    await openApp(alice, `${server.baseUrl}/battle/${battleCode}`);
    await alice.getByTestId('battle-create-same').click();
    await alice.waitForURL(new RegExp(`/battle/create/${battleCode}$`));
    await alice.getByTestId('picked-box').first().waitFor();
    expect(await alice.getByTestId('picked-box').count()).toBe(3);
    await alice.getByTestId('create-submit').click();
    await alice.getByTestId('create-confirm').getByTestId('confirm-ok').click();
    await alice.waitForURL(/\/battle\/(?!create)[\w-]+$/);
    const code = new URL(alice.url()).pathname.split('/').pop()!;
    expect(code).not.toBe(battleCode);

    const paid = await balance(aliceToken);
    await alice.getByTestId('battle-add-bot').click();
    const picker = alice.getByTestId('bot-picker');
    await picker.waitFor();
    await shot(alice, '7-bots');
    await picker.getByTestId('bot-any').click();
    await alice.getByTestId('bot-badge').waitFor();
    const final = await finalPicture(alice);
    const r = await results(code);
    expect(final.winnerPos).toBe(String(r.winnerPos));
    expect(r.customerList.find((s) => s.pos === 2)!.isBot).toBe(true);
    await shot(alice, '8-bot-winner');
    // Entry was paid at creation; the bot's seat moved no money of anyone's.
    expect(await balance(aliceToken)).toBe(paid);
  });

  it('the reverse arena presets the 非酋 mode and lists only its battles; the main arena names the mode', async () => {
    await openApp(alice, `${server.baseUrl}/reverse/create`);
    await alice.getByTestId('pick-box').first().getByTestId('pick-plus').click();
    expect(await alice.getByTestId('create-mode').getByRole('tab', { selected: true }).innerText()).toContain('非酋');
    await alice.getByTestId('create-submit').click();
    await alice.getByTestId('create-confirm').getByTestId('confirm-ok').click();
    await alice.waitForURL(/\/reverse\/(?!create)[\w-]+$/);
    const code = new URL(alice.url()).pathname.split('/').pop()!;

    await openApp(bob, `${server.baseUrl}/reverse`);
    await bob.locator(`[data-testid="battle-card"][data-code="${code}"]`).waitFor();
    await shot(bob, '9-reverse');
    expect(await bob.locator(`[data-testid="battle-card"][data-code="${battleCode}"]`).count()).toBe(0);
    // The main arena lists every mode; the card names the mode.
    await openApp(bob, `${server.baseUrl}/battle`);
    const card = bob.locator(`[data-testid="battle-card"][data-code="${code}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain('非酋');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
