import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { deposit } from '../../testing/payment-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances } from '../../platform/ledger/index.js';
import { assertMayDeposit, protectionState } from './index.js';
import { grantVoucher } from '../vouchers/index.js';
import { createGoldenCode } from '../golden-code/index.js';
import { COOLING_MS, windowResets, beijingTime } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;
const TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=123&token=AbCdEf12';
const status = (code: keyof typeof errorCatalogue) => errorCatalogue[code].status;

async function player(coinsFen = 0) {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
type Player = Awaited<ReturnType<typeof player>>;

const priceOf = async (boxId: number) => (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: boxId })).data.openPrice as number;
const open = (p: Player) => call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, p.token);
const setLimit = (p: Player, kind: string, value?: number) =>
  call(t.app, 'POST', '/api/protection/setLimit', value === undefined ? { kind } : { kind, value }, p.token);
const state = async (p: Player) => (await call(t.app, 'GET', '/api/protection/state', {}, p.token)).data;
const limitOf = async (p: Player, kind: string) => (await state(p)).limits.find((l: { kind: string }) => l.kind === kind);
const makePayment = (p: Player, amount: number) =>
  call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount }, p.token);

/** Everything a refused spend must leave alone: balances, ledger rows, rolls, backpack, orders. */
async function footprint(p: Player) {
  const b = await getBalances(db(), p.userId);
  const [r] = await queryRows(
    db(),
    sql`SELECT (SELECT count(*) FROM rolls WHERE user_id = ${p.userId}) AS rolls,
      (SELECT count(*) FROM inventory_items WHERE user_id = ${p.userId}) AS items,
      (SELECT count(*) FROM deposit_orders WHERE user_id = ${p.userId}) AS orders,
      (SELECT count(*) FROM ledger_transfers t JOIN ledger_accounts a ON a.id IN (t.debit_account_id, t.credit_account_id) WHERE a.user_id = ${p.userId}) AS transfers`,
  );
  return {
    coins: b.coinFen,
    points: b.pointFen,
    rolls: toInt(r!.rolls),
    items: toInt(r!.items),
    orders: toInt(r!.orders),
    transfers: toInt(r!.transfers),
  };
}

describe('limits (/api/protection/setLimit)', () => {
  it('a deposit limit refuses the order that would pass it, naming the limit, its reset and the help page; nothing is written', async () => {
    const p = await player();
    expect((await setLimit(p, 'deposit_day', 15_000)).status).toBe(0);
    await deposit(t, p.token, 10_000);
    const before = await footprint(p);
    const res = await makePayment(p, 10_000);
    // Not reached yet: the refusal says what is left today (issue 30 §3).
    expect(res.status).toBe(status('PROTECTION_DEPOSIT_LIMIT_LEFT'));
    expect(res.msg).toBe(
      `超出每日充值限额（¥150.00）：今日还可充值 ¥50.00，将于 ${beijingTime(windowResets(new Date()).day)} 重置。安全游戏帮助：/safer-play`,
    );
    expect(await footprint(p)).toEqual(before);
    // What still fits is allowed, and a pending order holds its room until it is paid or expires.
    expect((await makePayment(p, 5_000)).status).toBe(0);
    expect((await makePayment(p, 100)).status).toBe(status('PROTECTION_DEPOSIT_LIMIT'));
    expect((await limitOf(p, 'deposit_day')).usedNow).toBe(15_000);
  });

  it('a weekly or monthly deposit limit refuses in English too when asked', async () => {
    const p = await player();
    await setLimit(p, 'deposit_month', 5_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recharge/makePayment',
      headers: { token: p.token, lang: 'en' },
      payload: { rechargeChannelId: 1, currencyCode: 'CNY', amount: 10_000 },
    });
    const body = res.json();
    expect(body.status).toBe(status('PROTECTION_DEPOSIT_LIMIT_LEFT'));
    expect(body.msg).toContain('monthly deposit limit (¥50.00): ¥50.00 left this month');
    expect(body.msg).toContain('/safer-play');
  });

  it('a loss limit refuses the opening that would pass it; the balance, ledger and rolls are unchanged', async () => {
    const price = await priceOf(BOX);
    const p = await player(price * 5);
    await setLimit(p, 'loss_day', Math.floor(price * 1.5));
    expect((await open(p)).status).toBe(0);
    const before = await footprint(p);
    const res = await open(p);
    expect(res.status).toBe(status('PROTECTION_LOSS_LIMIT'));
    expect(res.msg).toContain('已达到每日亏损限额');
    expect(await footprint(p)).toEqual(before);
    expect((await limitOf(p, 'loss_day')).usedNow).toBe(price);
    await expectBooksBalanced(db());
  });

  it('swapping an item back lowers the loss, so play within the limit resumes', async () => {
    const price = await priceOf(BOX);
    const p = await player(price * 5);
    await setLimit(p, 'loss_week', price * 2 - 1);
    const first = await open(p);
    expect(first.status).toBe(0);
    expect((await open(p)).status).toBe(status('PROTECTION_LOSS_LIMIT'));
    const ids = first.data.results.map((r: { voucherId: number }) => r.voucherId);
    expect((await call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: ids.join(',') }, p.token)).status).toBe(0);
    const recovered = first.data.results[0].recoveryPrice as number;
    expect((await limitOf(p, 'loss_week')).usedNow).toBe(price - recovered);
    expect((await open(p)).status).toBe(recovered >= 1 ? 0 : status('PROTECTION_LOSS_LIMIT'));
  });

  it('lowering applies at once; raising and removing wait 24 hours, shown as pending', async () => {
    const p = await player();
    await setLimit(p, 'deposit_day', 10_000);
    const raised = await setLimit(p, 'deposit_day', 50_000);
    const limit = raised.data.limits.find((l: { kind: string }) => l.kind === 'deposit_day');
    expect(limit).toMatchObject({ value: 10_000, pendingValue: 50_000 });
    const waitMs = new Date(limit.pendingAt).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(COOLING_MS - 60_000);
    expect(waitMs).toBeLessThanOrEqual(COOLING_MS);
    // Before the 24 hours, the old limit holds; after them (a moved clock), the new one.
    const soon = new Date(Date.now() + COOLING_MS - 60_000);
    const later = new Date(Date.now() + COOLING_MS + 60_000);
    await expect(runInTransaction(db(), ({ tx }) => assertMayDeposit(tx, p.userId, 20_000, soon))).rejects.toMatchObject({
      code: 'PROTECTION_DEPOSIT_LIMIT_LEFT',
    });
    await runInTransaction(db(), ({ tx }) => assertMayDeposit(tx, p.userId, 20_000, later));
    expect((await protectionState(db(), p.userId, later)).limits.find((l) => l.kind === 'deposit_day')).toMatchObject({
      value: 50_000,
      pendingValue: null,
      pendingAt: null,
    });
    // A lower value applies now and drops the pending raise.
    expect((await setLimit(p, 'deposit_day', 8_000)).data.limits.find((l: { kind: string }) => l.kind === 'deposit_day')).toMatchObject({
      value: 8_000,
      pendingValue: null,
      pendingAt: null,
    });
    expect((await makePayment(p, 10_000)).status).toBe(status('PROTECTION_DEPOSIT_LIMIT_LEFT'));
    // Removal waits too.
    const removed = (await setLimit(p, 'deposit_day')).data.limits.find((l: { kind: string }) => l.kind === 'deposit_day');
    expect(removed).toMatchObject({ value: 8_000, pendingValue: null });
    expect(removed.pendingAt).not.toBeNull();
    expect((await protectionState(db(), p.userId, later)).limits.find((l) => l.kind === 'deposit_day')).toMatchObject({
      value: null,
      pendingAt: null,
    });
  });

  it('a session time limit refuses play and deposits once the login is older than it, until a new login after a break', async () => {
    const price = await priceOf(BOX);
    const p = await player(price * 3);
    await setLimit(p, 'session_minutes', 30);
    expect((await open(p)).status).toBe(0);
    await db().execute(sql`UPDATE sessions SET created_at = created_at - make_interval(mins => 31) WHERE user_id = ${p.userId}`);
    const before = await footprint(p);
    const res = await open(p);
    expect(res.status).toBe(status('PROTECTION_SESSION_LIMIT'));
    expect(res.msg).toContain('单次登录时长限制（30 分钟）');
    expect((await makePayment(p, 1_000)).status).toBe(status('PROTECTION_SESSION_LIMIT'));
    // Logging in again at once does not start afresh.
    const again = { userId: p.userId, token: await givenSession(db(), p.userId) };
    expect((await open(again)).status).toBe(status('PROTECTION_SESSION_LIMIT'));
    expect(await footprint(p)).toEqual(before);
    // After the break (every earlier login older than limit + 30 minutes), a new login plays.
    await db().execute(sql`UPDATE sessions SET created_at = created_at - make_interval(mins => 61) WHERE user_id = ${p.userId}`);
    const fresh = { userId: p.userId, token: await givenSession(db(), p.userId) };
    expect((await open(fresh)).status).toBe(0);
  });

  it('refuses out-of-range and unknown parameters with the envelope', async () => {
    const p = await player();
    expect((await setLimit(p, 'deposit_day', 2_000_000_000)).status).toBe(1001);
    expect((await setLimit(p, 'session_minutes', 2)).status).toBe(1001);
    expect((await setLimit(p, 'deposit_day', 50)).status).toBe(1001);
    expect((await setLimit(p, 'nonsense', 1000)).status).toBe(1001);
    expect((await call(t.app, 'POST', '/api/protection/setLimit', { kind: 'deposit_day', value: 1000, userId: 1 }, p.token)).status).toBe(
      1001,
    );
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 43, confirm: true }, p.token)).status).toBe(1001);
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 3 }, p.token)).status).toBe(1001);
    expect((await call(t.app, 'POST', '/api/protection/selfExclude', { months: 7, confirm: true }, p.token)).status).toBe(1001);
    expect(await call(t.app, 'GET', '/api/protection/state')).toEqual(refused('NOT_LOGGED_IN'));
  });
});

describe('cool-off and self-exclusion', () => {
  it('block deposits and every game, but not logging in, balances or swapping items back; nothing is written', async () => {
    const price = await priceOf(BOX);
    const p = await player(price * 10 + 20_000);
    const first = await open(p);
    expect(first.status).toBe(0);
    const res = await call(t.app, 'POST', '/api/protection/selfExclude', { months: 6, confirm: true }, p.token);
    expect(res.status).toBe(0);
    expect(res.data.exclusion).toMatchObject({ kind: 'self_exclusion' });
    const before = await footprint(p);
    const refusedOpen = await open(p);
    expect(refusedOpen.status).toBe(status('PROTECTION_EXCLUDED'));
    expect(refusedOpen.msg).toContain('自我排除');
    expect(refusedOpen.msg).toContain('/safer-play');
    expect((await makePayment(p, 1_000)).status).toBe(status('PROTECTION_EXCLUDED'));
    const [stock] = await queryRows(
      db(),
      sql`SELECT id FROM shop_stock WHERE enabled AND stock > 0 AND price_fen < ${price * 5} ORDER BY id LIMIT 1`,
    );
    expect((await call(t.app, 'POST', '/api/shop/buy', { id: toInt(stock!.id) }, p.token)).status).toBe(status('PROTECTION_EXCLUDED'));
    expect((await call(t.app, 'POST', '/api/battle/create', { boxLists: `${BOX}`, countCustomer: 2 }, p.token)).status).toBe(
      status('PROTECTION_EXCLUDED'),
    );
    // A dream target priced within the dream's bounds (as the dream tests arrange one).
    const [target] = await queryRows(
      db(),
      sql`UPDATE items SET recovery_price_fen = 12345 WHERE id = (SELECT id FROM items ORDER BY id DESC LIMIT 1 OFFSET 40) RETURNING id`,
    );
    const dream = await call(
      t.app,
      'POST',
      '/api/upgrade/startUpgrade',
      { upgradeGiftId: toInt(target!.id), probability: 25_000, vouchers: '', quantity: 10_000_000 },
      p.token,
    );
    expect(dream.status).toBe(status('PROTECTION_EXCLUDED'));
    expect(await footprint(p)).toEqual(before);
    // Still logged in; balances visible; an item swaps back (money out of play, not play).
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance).toBe(before.coins);
    const ids = first.data.results.map((r: { voucherId: number }) => r.voucherId);
    expect((await call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: ids.join(',') }, p.token)).status).toBe(0);
    await expectBooksBalanced(db());
  });

  it('still lets the player withdraw an item to Steam; the daily top-up reward is refused', async () => {
    const price = await priceOf(BOX);
    const p = await player(price * 2);
    const won = await open(p);
    expect(won.status).toBe(0);
    expect((await call(t.app, 'POST', '/api/personalCenter/modifyTradeUrl', { tradeUrl: TRADE_URL }, p.token)).status).toBe(0);
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 2, confirm: true }, p.token)).status).toBe(0);
    const res = await call(t.app, 'POST', '/api/personalCenter/ornamentRetrieval', { ids: String(won.data.results[0].voucherId) }, p.token);
    expect(res.status).toBe(0);
    expect(res.data[0]).toMatchObject({ ornamentId: won.data.results[0].voucherId, state: 0 });
    expect((await call(t.app, 'POST', '/api/activity/dailyTopUp/claim', {}, p.token)).status).toBe(status('PROTECTION_BONUS_EXCLUDED'));
  });

  it('cannot be shortened or lifted: a shorter cool-off is refused, limits do not lift it, and the console has no route for it', async () => {
    const p = await player();
    const on = await call(t.app, 'POST', '/api/protection/coolOff', { days: 7, confirm: true }, p.token);
    expect(on.data.exclusion).toMatchObject({ kind: 'cool_off' });
    const until = on.data.exclusion.until as string;
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 1, confirm: true }, p.token)).status).toBe(
      status('PROTECTION_EXCLUSION_SHORTER'),
    );
    expect((await state(p)).exclusion.until).toBe(until);
    // Extending is allowed; a self-exclusion after a cool-off makes it one.
    const longer = await call(t.app, 'POST', '/api/protection/selfExclude', { months: 12, confirm: true }, p.token);
    expect(longer.data.exclusion.kind).toBe('self_exclusion');
    expect(longer.data.exclusion.startedAt).toBe(on.data.exclusion.startedAt);
    expect((await call(t.app, 'POST', '/api/protection/selfExclude', { months: 6, confirm: true }, p.token)).status).toBe(
      status('PROTECTION_EXCLUSION_SHORTER'),
    );
    const routes = t.app.apiRoutes.map((r) => r.url);
    expect(routes.filter((u) => /protection|exclu|cool/i.test(u) && u.startsWith('/api/admin'))).toEqual([]);
    expect(routes.filter((u) => u.startsWith('/api/protection')).sort()).toEqual([
      '/api/protection/coolOff',
      '/api/protection/selfExclude',
      '/api/protection/setLimit',
      '/api/protection/state',
    ]);
  });
});

describe('the console', () => {
  it("shows a player's limits and exclusion read-only; freezing and unfreezing the account does not lift it", async () => {
    const p = await player();
    await setLimit(p, 'deposit_week', 20_000);
    await setLimit(p, 'deposit_week', 90_000);
    const on = await call(t.app, 'POST', '/api/protection/selfExclude', { months: 60, confirm: true }, p.token);
    const admin = await givenOperator(t.app, db());
    const detail = (await adminCall(t.app, 'GET', '/api/admin/players/detail', { id: p.userId }, { adminToken: admin.token })).data;
    expect(detail.protection.exclusion).toEqual(on.data.exclusion);
    expect(detail.protection.limits.find((l: { kind: string }) => l.kind === 'deposit_week')).toMatchObject({
      value: 20_000,
      pendingValue: 90_000,
    });
    for (const frozen of [true, false]) {
      expect(
        (
          await adminCall(
            t.app,
            'POST',
            '/api/admin/players/freeze',
            { id: p.userId, frozen, reason: '测试冻结与解冻' },
            { adminToken: admin.token },
          )
        ).status,
      ).toBe(0);
    }
    const again = { userId: p.userId, token: await givenSession(db(), p.userId) };
    expect((await state(again)).exclusion).toEqual(on.data.exclusion);
    expect((await makePayment(again, 1_000)).status).toBe(status('PROTECTION_EXCLUDED'));
    // Marketing stops: an operator's red packet to the player is refused, nothing issued.
    const packet = await adminCall(
      t.app,
      'POST',
      '/api/admin/promotions/redPackets/issue',
      { userId: p.userId, name: '回归红包', rewardFen: 500, days: 7, reason: '活动回馈测试' },
      { adminToken: admin.token },
    );
    expect(packet.status).toBe(status('PROTECTION_BONUS_EXCLUDED'));
    const [n] = await queryRows(db(), sql`SELECT count(*) AS n FROM reward_vouchers WHERE user_id = ${p.userId}`);
    expect(toInt(n!.n)).toBe(0);
  });
});

describe('bonuses during an exclusion', () => {
  it('refuses Golden Codes, red packets and event rewards, and writes nothing', async () => {
    const p = await player();
    const device = `protection-device-${p.userId}`;
    await grantVoucher(db(), {
      userId: p.userId,
      voucherType: 0,
      name: '红包',
      rewardFen: 500,
      source: 'test',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [voucher] = await queryRows(db(), sql`SELECT id FROM reward_vouchers WHERE user_id = ${p.userId}`);
    const code = await createGoldenCode(db(), {
      code: `PROT${p.userId}X`,
      rewardType: 'coin',
      amountFen: 500,
      maxUses: 10,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 1, confirm: true }, p.token)).status).toBe(0);
    const before = await footprint(p);
    const golden = await t.app.inject({
      method: 'POST',
      url: '/api/redPacket/receive',
      headers: { token: p.token, 'device-id': device, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: code.code }),
      remoteAddress: '10.9.8.7',
    });
    expect(golden.json().status).toBe(status('PROTECTION_BONUS_EXCLUDED'));
    const packet = await t.app.inject({
      method: 'POST',
      url: '/api/personalCenter/useRewardVoucher',
      headers: { token: p.token, 'device-id': device, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `rewardVoucherIds=${toInt(voucher!.id)}`,
    });
    expect(packet.json().status).toBe(status('PROTECTION_BONUS_EXCLUDED'));
    expect(packet.json().msg).toContain('冷静期');
    expect(await footprint(p)).toEqual(before);
    const [still] = await queryRows(db(), sql`SELECT state FROM reward_vouchers WHERE id = ${toInt(voucher!.id)}`);
    expect(toInt(still!.state)).toBe(0);
  });
});

describe.skipIf(!usingPostgres())('limits under concurrency (PostgreSQL)', () => {
  it('ten openings at once cannot pass a loss limit together', async () => {
    const price = await priceOf(BOX);
    const p = await player(price * 10);
    await setLimit(p, 'loss_day', price * 3);
    const results = await Promise.all(Array.from({ length: 10 }, () => open(p)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 0).every((r) => r.status === status('PROTECTION_LOSS_LIMIT'))).toBe(true);
    expect((await getBalances(db(), p.userId)).coinFen).toBe(price * 7);
    await expectBooksBalanced(db());
  });

  it('ten deposit orders at once cannot pass a deposit limit together', async () => {
    const p = await player();
    await setLimit(p, 'deposit_day', 30_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => makePayment(p, 10_000)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(3);
    expect((await footprint(p)).orders).toBe(3);
  });
});
