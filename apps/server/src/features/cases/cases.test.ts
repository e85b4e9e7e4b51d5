import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DropItem } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { setBoxEnabled } from '../catalog/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;
const priceOf = async (boxId: number) => (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: boxId })).data.openPrice as number;
async function player(coinsFen: number, pointsFen = 0) {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  return { user, token: await givenSession(db(), user.id) };
}
const rollCount = async (userId: number) =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM rolls WHERE user_id = ${userId}`))[0]?.n);

describe('box catalogue', () => {
  it('lists boxes by theme and publishes each box’s odds, ranges and expected return', async () => {
    const themes = (await call(t.app, 'GET', '/api/common/getBoxThemeList')).data as Array<{ themeName: string; boxList: unknown[] }>;
    expect(themes.map((th) => th.themeName)).toEqual(['热门武器箱', '特色箱子', '经典武器箱', '免费箱子']);
    expect(themes.reduce((n, th) => n + th.boxList.length, 0)).toBe(47);
    const detail = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: BOX })).data;
    const weights = detail.gifts.reduce((s: number, g: { weight: number }) => s + g.weight, 0);
    expect(weights).toBe(100_000);
    expect(detail.gifts[0].rollCodeLow).toBe(1);
    expect(detail.gifts.at(-1).rollCodeHigh).toBe(100_000);
    for (let i = 1; i < detail.gifts.length; i++) expect(detail.gifts[i].rollCodeLow).toBe(detail.gifts[i - 1].rollCodeHigh + 1);
    const expected = Math.floor(
      detail.gifts.reduce((s: number, g: { weight: number; recoveryPrice: number }) => s + g.weight * g.recoveryPrice, 0) / 100_000,
    );
    expect(detail.expectedReturn).toBe(expected);
    expect(detail.returnRateBp).toBeGreaterThan(8_500);
    expect(detail.returnRateBp).toBeLessThanOrEqual(9_000);
    expect(detail.oddsHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('offers a battle the paid themes only, or one of them (getBoxBattleThemeList)', async () => {
    const all = (await call(t.app, 'GET', '/api/common/getBoxBattleThemeList', { moduleId: 5, themeId: -1 })).data as Array<{
      id: number;
      themeName: string;
      boxType: number;
      boxList: Array<{ openPrice: number }>;
    }>;
    expect(all.map((th) => th.themeName)).toEqual(['热门武器箱', '特色箱子', '经典武器箱']);
    expect(all.every((th) => th.boxType !== 0 && th.boxList.every((b) => b.openPrice > 0))).toBe(true);
    const one = (await call(t.app, 'GET', '/api/common/getBoxBattleThemeList', { themeId: all[1]!.id })).data as Array<{ id: number }>;
    expect(one.map((th) => th.id)).toEqual([all[1]!.id]);
    expect((await call(t.app, 'GET', '/api/common/getBoxBattleThemeList', { themeId: 'x' })).status).toBe(1001);
  });

  it('filters by moduleId: 5 (CS2) and -1 list every box here, another game module none, a bad one is refused', async () => {
    const ids = (data: Array<{ boxList: Array<{ id: number }> }>) => data.flatMap((th) => th.boxList.map((b) => b.id));
    const battle = (params: Record<string, unknown>) => call(t.app, 'GET', '/api/common/getBoxBattleThemeList', params);
    const boxes = (params: Record<string, unknown>) => call(t.app, 'GET', '/api/common/getBoxThemeList', params);
    const cs2 = ids((await battle({ moduleId: 5, themeId: -1 })).data);
    expect(cs2.length).toBeGreaterThan(0);
    expect(ids((await battle({ moduleId: -1 })).data)).toEqual(cs2);
    expect(ids((await battle({})).data)).toEqual(cs2);
    expect((await battle({ moduleId: 1 })).data).toEqual([]);
    expect((await battle({ moduleId: 2_147_483_647 })).data).toEqual([]);
    for (const moduleId of [-2, 2_147_483_648, 'x', 5.5]) expect((await battle({ moduleId })).status, String(moduleId)).toBe(1001);
    expect(ids((await boxes({ moduleId: 5 })).data)).toEqual(ids((await boxes({})).data));
    expect((await boxes({ moduleId: 730 })).data).toEqual([]);
    expect((await boxes({ moduleId: -2 })).status).toBe(1001);
  });

  it('answers an unknown box with a clear error', async () => {
    expect(await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 99_999 })).toEqual({ status: 4001, msg: '箱子不存在', data: null });
    expect((await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 'x' })).status).toBe(1001);
  });
});

describe('opening', () => {
  it('opens one box: spends its price, puts the item in the backpack and records a verifiable roll', async () => {
    const price = await priceOf(BOX);
    const { user, token } = await player(price * 3);
    const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, token);
    expect(res.status).toBe(0);
    const [won] = res.data.results;
    expect(res.data.balance).toBe(price * 2);
    expect(won).toMatchObject({ boxId: BOX, round: 0 });
    expect(won.rollCode).toBeGreaterThanOrEqual(1);
    const bag = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, token)).data;
    expect(bag.pageData.map((o: { id: number }) => o.id)).toEqual([won.voucherId]);
    const roll = (await call(t.app, 'GET', '/api/key/verifyById', { verifyId: won.verifyId }, token)).data;
    expect(roll).toMatchObject({ rollCode: won.rollCode, nonce: 0, caseId: BOX, itemId: won.giftId, serverSeed: null });
    expect(roll.rangeLow).toBeLessThanOrEqual(won.rollCode);
    expect(roll.rangeHigh).toBeGreaterThanOrEqual(won.rollCode);
    expect(await rollCount(user.id)).toBe(1);
    await expectBooksBalanced(db());
  });

  it('charges the price the box has now, even when an opening just saw another one (issue 11 box hint)', async () => {
    const price = await priceOf(BOX);
    const { token } = await player(price * 10);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, token)).data.amountPaid).toBe(price);
    // The operator changes the price, then disables the box, behind the cached hint's back.
    await db().execute(sql`UPDATE boxes SET price_fen = ${price + 100} WHERE id = ${BOX}`);
    try {
      const dearer = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, token);
      expect(dearer.data).toMatchObject({ amountPaid: price + 100, balance: price * 10 - price - (price + 100) });
      await setBoxEnabled(db(), BOX, false);
      expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, token)).status).toBe(4002);
    } finally {
      await setBoxEnabled(db(), BOX, true);
      await db().execute(sql`UPDATE boxes SET price_fen = ${price} WHERE id = ${BOX}`);
    }
    await expectBooksBalanced(db());
  });

  it('opens several at once with consecutive nonces, coins first then points', async () => {
    const price = await priceOf(BOX);
    const { token } = await player(price, price * 2);
    const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 3 }, token);
    expect(res.data.results.map((r: { round: number }) => r.round)).toEqual([0, 1, 2]);
    expect(res.data).toMatchObject({ balance: 0, integral: 0 });
    await expectBooksBalanced(db());
  });

  it('publishes the drops only after the opening commits, rare ones to the top list', async () => {
    const price = await priceOf(BOX);
    const { user, token } = await player(price * 10);
    const before = t.published.length;
    const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 10 }, token);
    const event = t.published.slice(before).find((e) => e.eventType === 21)!;
    const drops = event.data as DropItem[];
    expect(drops).toHaveLength(10);
    expect(drops.every((d) => d.userId === user.id && d.sourceId === BOX)).toBe(true);
    const wonNames = res.data.results.map((r: { giftName: string }) => r.giftName).sort();
    expect(drops.map((d) => d.giftName).sort()).toEqual(wonNames);
    const recent = (await call(t.app, 'GET', '/api/case/recentCaseGift', { caseId: BOX, limit: 10 })).data as DropItem[];
    expect(recent.map((d) => d.id).sort()).toEqual(drops.map((d) => d.id).sort());
  });

  it('refuses without enough money and writes nothing: no roll, no item, no nonce used', async () => {
    const price = await priceOf(BOX);
    const { user, token } = await player(price - 1);
    const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, token);
    expect(res).toEqual({ status: 2001, msg: '余额不足', data: null });
    expect(await rollCount(user.id)).toBe(0);
    const bag = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, token)).data;
    expect(bag.totalRows).toBe(0);
    await call(t.app, 'POST', '/api/sandbox/credit', { amount: 1 }, token);
    const ok = await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 1 }, token);
    expect(ok.data.results[0].round).toBe(0); // the failed attempt consumed no nonce
  });

  it('refuses an unknown box, a disabled box, a free box, a bad count and a guest', async () => {
    const { token } = await player(1_000_000);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: 99_999 }, token)).status).toBe(4001);
    await setBoxEnabled(db(), 2, false);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: 2 }, token)).status).toBe(4002);
    await setBoxEnabled(db(), 2, true);
    const [free] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM boxes WHERE box_type = 0`);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: toInt(free!.id) }, token)).status).toBe(4002);
    for (const number of [0, 11, 'x'])
      expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number }, token)).status).toBe(1001);
    expect((await t.app.inject({ method: 'POST', url: '/api/case/openCase', payload: { caseId: BOX } })).statusCode).toBe(401);
    await expectBooksBalanced(db());
  });

  it('refuses an account whose real-name check showed a minor', async () => {
    const { user, token } = await player(1_000_000);
    await db().execute(sql`UPDATE users SET minor = true WHERE id = ${user.id}`);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX }, token)).status).toBe(3127);
  });

  it('honours an Idempotency-Key: a repeat returns the first opening, another body is refused', async () => {
    const price = await priceOf(BOX);
    const { user, token } = await player(price * 5);
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/case/openCase',
        headers: { token, 'idempotency-key': 'open-key-0001', 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const first = (await send('caseId=1&number=1')).json();
    const again = (await send('caseId=1&number=1')).json();
    expect(again).toEqual(first);
    expect(await rollCount(user.id)).toBe(1);
    expect((await send('caseId=1&number=2')).json()).toMatchObject({ status: 1007 });
    const info = await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token);
    expect(info.data.balance).toBe(price * 4);
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/case/openCase',
      headers: { token, 'idempotency-key': 'x' },
      payload: { caseId: 1 },
    });
    expect(badKey.json().status).toBe(1001);
  });

  it('lists the open-box records with the roll and its range', async () => {
    const price = await priceOf(BOX);
    const { token } = await player(price * 2);
    await call(t.app, 'POST', '/api/case/openCase', { caseId: BOX, number: 2 }, token);
    const records = (await call(t.app, 'GET', '/api/personalCenter/getMyOpenBoxPage', {}, token)).data;
    expect(records.totalRows).toBe(2);
    expect(records.pageData[0]).toMatchObject({ pricePaid: price });
    expect(records.pageData[0].rangeLow).toBeLessThanOrEqual(records.pageData[0].rollCode);
  });
});

describe.skipIf(!usingPostgres())('opening under concurrency (PostgreSQL)', () => {
  it('30 concurrent openings against money for 10 give exactly 10 boxes, nonces 0..9', async () => {
    const price = await priceOf(BOX);
    const { user, token } = await player(price * 10);
    const results = await Promise.all(Array.from({ length: 30 }, () => call(t.app, 'POST', '/api/case/openCase', { caseId: BOX }, token)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(10);
    expect(results.filter((r) => r.status === 2001)).toHaveLength(20);
    const nonces = await queryRows<{ nonce: number }>(db(), sql`SELECT nonce FROM rolls WHERE user_id = ${user.id} ORDER BY nonce`);
    expect(nonces.map((r) => Number(r.nonce))).toEqual([...Array(10).keys()]);
    await expectBooksBalanced(db());
  });
});
