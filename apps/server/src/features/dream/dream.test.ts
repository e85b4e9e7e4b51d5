import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamFee, dreamRoll, publicHash } from '@skinfair/fairness';
import type { DropItem } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { grantItems } from '../backpack/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const U = '/api/upgrade';
const RTP = 9_500;
type Player = { userId: number; token: string };

// PF v1 test vectors TV1 (the active pair) and TV5 (dream chasing).
const TV_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const TV_SALT = 'bb71d866166bd48b341e35d29e76afaa';
const TV_HASH = 'ab677ac69faa43d40a8a01de992df6c56946a2d97b8fd7e3df8eb949d7b13e24';
const TV_CLIENT = 'lucky-Panda_2025';

async function player(coinsFen: number, pointsFen = 0): Promise<Player> {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

/** A catalogue item at exactly this price (each test file has its own database). */
/** An item the shop does not list (its copies would sell back at no more than the shop's price: decision 0051), at this price. */
async function targetAt(priceFen: number): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    db(),
    sql`UPDATE items SET recovery_price_fen = ${priceFen}
        WHERE id = (SELECT id FROM items i WHERE NOT EXISTS (SELECT 1 FROM shop_stock s WHERE s.item_id = i.id) ORDER BY id DESC LIMIT 1 OFFSET ${++targets})
        RETURNING id`,
  );
  return toInt(row!.id);
}
let targets = 0;

/** Backpack items worth these prices, granted as a win would grant them. */
async function itemsWorth(p: Player, pricesFen: number[]): Promise<number[]> {
  const rows = await runInTransaction(db(), ({ tx }) =>
    grantItems(
      tx,
      p.userId,
      pricesFen.map((recoveryPriceFen) => ({ itemId: 1, recoveryPriceFen })),
      { sourceType: 'shop', sourceId: null },
    ),
  );
  return rows.map((r) => r.id);
}

const start = (p: Player, params: { target: number; probability: number; vouchers?: number[]; quantity: number }) =>
  call(
    t.app,
    'POST',
    `${U}/startUpgrade`,
    {
      upgradeGiftId: params.target,
      probability: params.probability,
      vouchers: (params.vouchers ?? []).join(','),
      quantity: params.quantity,
    },
    p.token,
  );

const balances = async (p: Player) => {
  const info = (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data;
  return { coin: info.balance as number, point: info.integral as number };
};

async function activePair(userId: number) {
  const [row] = await queryRows<{ id: unknown; server_seed: string; client_seed: string; nonce: unknown }>(
    db(),
    sql`SELECT id, server_seed, client_seed, nonce FROM seed_pairs WHERE user_id = ${userId} AND state = 'active'`,
  );
  return { id: toInt(row!.id), serverSeed: row!.server_seed, clientSeed: row!.client_seed, nonce: toInt(row!.nonce) };
}

/** The roll the player's next dream will get: seeds are the player's own, the nonce the pair's next. */
async function nextRoll(p: Player): Promise<number> {
  await call(t.app, 'GET', '/api/key/currentKey', {}, p.token);
  const pair = await activePair(p.userId);
  return dreamRoll(pair.serverSeed, pair.clientSeed, pair.nonce).rollCode;
}

/** Rotates the player's seeds until the next roll satisfies `ok` (no money moves). */
async function rollUntil(p: Player, ok: (rollCode: number) => boolean): Promise<number> {
  for (;;) {
    const code = await nextRoll(p);
    if (ok(code)) return code;
    expect((await call(t.app, 'POST', '/api/key/reset', {}, p.token)).status).toBe(0);
  }
}

/** Sets the player's active pair to TV1's seeds at a nonce (to replay TV5 end to end). */
async function useVectorSeeds(p: Player, nonce: number) {
  await call(t.app, 'GET', '/api/key/currentKey', {}, p.token);
  await queryRows(
    db(),
    sql`UPDATE seed_pairs SET server_seed = ${TV_SEED}, secret_salt = ${TV_SALT}, public_hash = ${TV_HASH}, client_seed = ${TV_CLIENT}, nonce = ${nonce}
        WHERE user_id = ${p.userId} AND state = 'active' RETURNING id`,
  );
}

/** Everything a refused dream could have written, to compare before and after. */
async function footprint(p: Player) {
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`SELECT (SELECT count(*) FROM dreams WHERE user_id = ${p.userId}) AS dreams,
          (SELECT count(*) FROM rolls WHERE user_id = ${p.userId}) AS rolls,
          (SELECT nonce FROM seed_pairs WHERE user_id = ${p.userId} AND state = 'active') AS nonce,
          (SELECT string_agg(id || ':' || state, ',' ORDER BY id) FROM inventory_items WHERE user_id = ${p.userId}) AS items,
          (SELECT count(*) FROM ledger_transfers WHERE code = 'dream_fee') AS transfers`,
  );
  return { ...row, ...(await balances(p)) };
}

describe('configuration and targets', () => {
  it('serves the bounds and the return rate the fee is computed with', async () => {
    expect((await call(t.app, 'GET', `${U}/getUpgradeConfig`)).data).toEqual({
      minProbability: 5_000,
      maxProbability: 75_000,
      returnRateBp: 9_500,
      maxStakeItems: 10,
      minTargetPrice: 100,
      maxTargetPrice: 10_000_000,
    });
  });

  it('pages targets within the price bounds, filtered and sorted by price', async () => {
    const all = (await call(t.app, 'GET', `${U}/page`, { pageSize: 50 })).data;
    expect(all.totalRows).toBeGreaterThan(50);
    const prices = all.pageData.map((d: { recoveryPrice: number }) => d.recoveryPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeGreaterThanOrEqual(100);
    expect(all.pageData.every((d: { available: boolean }) => d.available)).toBe(true);

    const desc = (await call(t.app, 'GET', `${U}/page`, { orderByPrice: 'desc', pageSize: 5 })).data.pageData as Array<{
      recoveryPrice: number;
    }>;
    expect(desc[0]!.recoveryPrice).toBeLessThanOrEqual(10_000_000);
    expect(desc[0]!.recoveryPrice).toBeGreaterThanOrEqual(desc[4]!.recoveryPrice);

    const knives = (
      await call(t.app, 'GET', `${U}/page`, {
        type: 'knife',
        exterior: 'FN',
        rarity: 0,
        priceStart: 10_000,
        priceEnd: 500_000,
        pageSize: 100,
      })
    ).data;
    expect(knives.totalRows).toBeGreaterThan(0);
    for (const k of knives.pageData) {
      expect(k).toMatchObject({ type: 'knife', exterior: 'FN', grade: 0 });
      expect(k.recoveryPrice).toBeGreaterThanOrEqual(10_000);
      expect(k.recoveryPrice).toBeLessThanOrEqual(500_000);
    }
    const named = (await call(t.app, 'GET', `${U}/page`, { giftName: knives.pageData[0].giftName.slice(0, 4), pageSize: 100 })).data
      .pageData as Array<{ giftName: string }>;
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((d) => d.giftName.toLowerCase().includes(knives.pageData[0].giftName.slice(0, 4).toLowerCase()))).toBe(true);
    // LIKE's wildcards are plain characters in a name search.
    expect((await call(t.app, 'GET', `${U}/page`, { giftName: '%' })).data.totalRows).toBe(0);
    expect((await call(t.app, 'GET', `${U}/page`, { giftName: '_' })).data.totalRows).toBe(0);
    // Empty and -1 mean "no filter", as the sibling's client sends them.
    expect((await call(t.app, 'GET', `${U}/page`, { type: '', rarity: -1 })).data.totalRows).toBe(all.totalRows);
    expect((await call(t.app, 'GET', `${U}/page`, { type: 'tank' })).status).toBe(1001);
  });

  it('lists the backpack items that may be staked, by price', async () => {
    const p = await player(0);
    const ids = await itemsWorth(p, [300, 100, 200]);
    const page = (await call(t.app, 'GET', `${U}/myVoucher`, { orderByPrice: 'asc' }, p.token)).data;
    expect(page.pageData.map((i: { id: number; recoveryPrice: number }) => [i.id, i.recoveryPrice])).toEqual([
      [ids[1], 100],
      [ids[2], 200],
      [ids[0], 300],
    ]);
    expect(await call(t.app, 'GET', `${U}/myVoucher`)).toEqual(refused('NOT_LOGGED_IN'));
  });
});

describe('the fee', () => {
  it('charges TV5’s fees and rolls TV5’s codes with the vector seeds (PF v1 §6)', async () => {
    const p = await player(100_000);
    const cheap = await targetAt(12_345);
    const dear = await targetAt(880_000);
    await useVectorSeeds(p, 3);
    const cases = [
      { target: cheap, probability: 25_000, fee: 3_249, rollCode: 64_289, won: false, nonce: 3 },
      { target: cheap, probability: 75_000, fee: 9_747, rollCode: 26_390, won: true, nonce: 4 },
      { target: dear, probability: 5_000, fee: 46_316, rollCode: 4_658, won: true, nonce: 5 },
    ];
    let coin = 100_000;
    for (const c of cases) {
      const res = await start(p, { target: c.target, probability: c.probability, quantity: c.fee });
      expect(res.status).toBe(0);
      coin -= c.fee;
      expect(res.data).toMatchObject({
        dreamFee: c.fee,
        coinsPaid: c.fee,
        itemsValue: 0,
        rollCode: c.rollCode,
        rollCodeLow: 1,
        rollCodeHigh: c.probability,
        won: c.won,
        nonce: c.nonce,
        publicHash: TV_HASH,
        clientSeed: TV_CLIENT,
        balance: coin,
      });
    }
    await expectBooksBalanced(db());
  });

  it('is exact integer fen at the bounds and refuses P outside them, writing nothing', async () => {
    const p = await player(10_000_000);
    const target = await targetAt(1_000_001);
    // ceil(1000001·5000·10000 / (100000·9500)) = ceil(52631.63…) = 52632; at 75000: ceil(789474.47…) = 789475.
    expect(dreamFee(1_000_001, 5_000, RTP)).toBe(52_632);
    expect(dreamFee(1_000_001, 75_000, RTP)).toBe(789_475);
    const before = await footprint(p);
    for (const probability of [4_999, 75_001, 100_000])
      expect(await start(p, { target, probability, quantity: 10_000_000 })).toEqual(refused('DREAM_PROBABILITY_OUT_OF_RANGE'));
    expect((await start(p, { target, probability: 0, quantity: 10_000_000 })).status).toBe(1001);
    expect(await footprint(p)).toEqual(before);
    const low = await start(p, { target, probability: 5_000, quantity: 52_632 });
    const high = await start(p, { target, probability: 75_000, quantity: 789_475 });
    expect([low.data.dreamFee, high.data.dreamFee]).toEqual([52_632, 789_475]);
    expect((await balances(p)).coin).toBe(10_000_000 - 52_632 - 789_475);
    await expectBooksBalanced(db());
  });
});

describe('refusals write nothing', () => {
  it('unknown and unavailable targets, not enough money, a confirmed amount below the fee', async () => {
    const p = await player(1_000, 500);
    const target = await targetAt(20_000);
    const tooCheap = await targetAt(99);
    const tooDear = await targetAt(10_000_001);
    const fee = dreamFee(20_000, 50_000, RTP); // 10527
    const before = await footprint(p);
    expect(await start(p, { target: 999_999_999, probability: 50_000, quantity: 100_000 })).toEqual(refused('DREAM_TARGET_NOT_FOUND'));
    expect(await start(p, { target: tooCheap, probability: 50_000, quantity: 100_000 })).toEqual(refused('DREAM_TARGET_UNAVAILABLE'));
    expect(await start(p, { target: tooDear, probability: 50_000, quantity: 100_000_000 })).toEqual(refused('DREAM_TARGET_UNAVAILABLE'));
    expect(await start(p, { target, probability: 50_000, quantity: fee })).toEqual(refused('INSUFFICIENT_BALANCE'));
    expect(await start(p, { target, probability: 50_000, quantity: fee - 1 })).toEqual(refused('DREAM_PRICE_CHANGED'));
    expect(await start(p, { target: 'x' as unknown as number, probability: 50_000, quantity: fee })).toMatchObject({ status: 1001 });
    expect(await call(t.app, 'POST', `${U}/startUpgrade`, { upgradeGiftId: target, probability: 50_000, quantity: fee })).toEqual(
      refused('NOT_LOGGED_IN'),
    );
    expect(await footprint(p)).toEqual(before);
    await expectBooksBalanced(db());
  });

  it('someone else’s item, an item already swapped, too many items, items worth more than the fee', async () => {
    const p = await player(1_000_000);
    const other = await player(0);
    const target = await targetAt(100_000);
    const fee = dreamFee(100_000, 50_000, RTP); // 52632
    const [theirs] = await itemsWorth(other, [1_000]);
    const [swapped, mine] = await itemsWorth(p, [1_000, 1_000]);
    expect((await call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: String(swapped) }, p.token)).status).toBe(0);
    const many = await itemsWorth(
      p,
      Array.from({ length: 11 }, () => 100),
    );
    const [big] = await itemsWorth(p, [fee + 1]);
    const before = await footprint(p);
    const otherBefore = await footprint(other);
    expect(await start(p, { target, probability: 50_000, vouchers: [mine!, theirs!], quantity: fee })).toEqual(
      refused('ITEM_NOT_AVAILABLE'),
    );
    expect(await start(p, { target, probability: 50_000, vouchers: [swapped!], quantity: fee })).toEqual(refused('ITEM_NOT_AVAILABLE'));
    expect((await start(p, { target, probability: 50_000, vouchers: many, quantity: fee })).status).toBe(1001);
    expect(await start(p, { target, probability: 50_000, vouchers: [big!], quantity: fee })).toEqual(refused('DREAM_ITEMS_EXCEED_FEE'));
    expect(await footprint(p)).toEqual(before);
    expect(await footprint(other)).toEqual(otherBefore);
    await expectBooksBalanced(db());
  });
});

describe('a dream', () => {
  it('a win: items and coins, then points, pay the fee; the target enters the backpack; verifiable; event 22', async () => {
    const p = await player(3_000, 1_000_000);
    const target = await targetAt(500_000);
    const rollCode = await rollUntil(p, (c) => c <= 75_000);
    const probability = Math.max(5_000, rollCode);
    const fee = dreamFee(500_000, probability, RTP);
    const stake = await itemsWorth(p, [500, 700]);
    const published = t.published.length;
    const res = await start(p, { target, probability, vouchers: stake, quantity: fee - 1_200 });
    expect(res.status).toBe(0);
    const coinsPaid = fee - 1_200;
    expect(res.data).toMatchObject({
      won: true,
      rollCode,
      probability,
      dreamFee: fee,
      coinsPaid,
      itemsValue: 1_200,
      giftId: target,
      recoveryPrice: 500_000,
    });
    // Coins first (all 3000), then points for the rest.
    expect(await balances(p)).toEqual({ coin: 0, point: 1_000_000 - (coinsPaid - 3_000) });
    expect(res.data).toMatchObject({ balance: 0, integral: 1_000_000 - (coinsPaid - 3_000) });
    const bag = (await call(t.app, 'GET', `${U}/myVoucher`, {}, p.token)).data.pageData as Array<{
      id: number;
      giftId: number;
      recoveryPrice: number;
    }>;
    expect(bag).toEqual([expect.objectContaining({ id: res.data.voucherId, giftId: target, recoveryPrice: 500_000 })]);
    const roll = (await call(t.app, 'GET', '/api/key/verifyById', { verifyId: res.data.verifyId }, p.token)).data;
    expect(roll).toMatchObject({
      game: 'dream',
      rollCode,
      rangeLow: 1,
      rangeHigh: probability,
      itemId: target,
      dreamFee: fee,
      targetPrice: 500_000,
      returnRateBp: RTP,
      serverSeed: null,
    });
    const drops = t.published.slice(published).filter((e) => e.eventType === 22);
    expect(drops).toHaveLength(1);
    expect((drops[0]!.data as DropItem[])[0]).toMatchObject({
      userId: p.userId,
      recoveryPrice: 500_000,
      sourceType: 22,
      sourceId: res.data.id,
    });
    // After rotation the revealed seed reproduces the roll (what the browser's verify page does).
    expect((await call(t.app, 'POST', '/api/key/reset', {}, p.token)).status).toBe(0);
    const revealed = (await call(t.app, 'GET', '/api/key/verifyById', { verifyId: res.data.verifyId }, p.token)).data;
    expect(publicHash(revealed.serverSeed, revealed.secretSalt)).toBe(revealed.publicHash);
    expect(dreamRoll(revealed.serverSeed, revealed.clientSeed, revealed.nonce).rollCode).toBe(rollCode);
    await expectBooksBalanced(db());
  });

  it('a loss: the fee is spent, the staked items are used, nothing enters the backpack and nothing is announced', async () => {
    const p = await player(100_000);
    const target = await targetAt(40_000);
    const rollCode = await rollUntil(p, (c) => c > 5_000);
    const probability = Math.min(75_000, rollCode - 1);
    const fee = dreamFee(40_000, probability, RTP);
    const [staked] = await itemsWorth(p, [1_000]);
    const published = t.published.length;
    const res = await start(p, { target, probability, vouchers: [staked!], quantity: fee });
    expect(res.data).toMatchObject({
      won: false,
      rollCode,
      voucherId: null,
      dreamFee: fee,
      coinsPaid: fee - 1_000,
      itemsValue: 1_000,
      balance: 100_000 - fee + 1_000,
    });
    expect((await call(t.app, 'GET', `${U}/myVoucher`, {}, p.token)).data.totalRows).toBe(0);
    const [item] = await queryRows<{ state: string }>(db(), sql`SELECT state FROM inventory_items WHERE id = ${staked!}`);
    expect(item!.state).toBe('used');
    expect(t.published.slice(published).filter((e) => e.eventType === 22)).toEqual([]);
    // The staked item cannot be staked again.
    expect(await start(p, { target, probability, vouchers: [staked!], quantity: fee })).toEqual(refused('ITEM_NOT_AVAILABLE'));
    await expectBooksBalanced(db());
  });

  it('a stake of items alone pays no coins', async () => {
    const p = await player(0);
    const target = await targetAt(10_000);
    const fee = dreamFee(10_000, 10_000, RTP); // 1053
    const stake = await itemsWorth(p, [1_000, 53]);
    const res = await start(p, { target, probability: 10_000, vouchers: stake, quantity: 0 });
    expect(res.data).toMatchObject({ dreamFee: fee, coinsPaid: 0, itemsValue: fee, balance: 0, integral: 0 });
    await expectBooksBalanced(db());
  });

  it('answers a repeated Idempotency-Key with the same dream, charged once', async () => {
    const p = await player(100_000);
    const target = await targetAt(30_000);
    const fee = dreamFee(30_000, 20_000, RTP);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `${U}/startUpgrade`,
        headers: { token: p.token, 'idempotency-key': 'dream-key-1', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `upgradeGiftId=${target}&probability=20000&quantity=${fee}`,
      });
    const first = (await send()).json();
    const second = (await send()).json();
    expect(second).toEqual(first);
    expect((await balances(p)).coin).toBe(100_000 - fee);
  });
});

describe('records', () => {
  it('my dream log and the site’s recent dreams show target, fee, roll code and range', async () => {
    const p = await player(100_000);
    const target = await targetAt(25_000);
    const res = (await start(p, { target, probability: 30_000, quantity: 100_000 })).data;
    const log = (await call(t.app, 'GET', '/api/personalCenter/getMyDreamLog', {}, p.token)).data;
    expect(log.totalRows).toBe(1);
    expect(log.pageData[0]).toMatchObject({
      id: res.id,
      dreamFee: res.dreamFee,
      coinsPaid: res.coinsPaid,
      itemsValue: 0,
      state: res.won ? 1 : 2,
      stateDesc: res.won ? '成功' : '失败',
      probability: 30_000,
      rollCode: res.rollCode,
      rollCodeLow: 1,
      rollCodeHigh: 30_000,
      publicHash: res.publicHash,
      verifyId: res.verifyId,
      winVoucherName: res.giftName,
      winRecoveryPrice: 25_000,
    });
    const site = (await call(t.app, 'GET', `${U}/upgradeRecordPage`, { pageSize: 5 })).data;
    expect(site.totalRows).toBeGreaterThanOrEqual(1);
    expect(site.pageData[0]).toMatchObject({
      id: res.id,
      customerId: p.userId,
      state: res.won ? 1 : 2,
      rollCode: res.rollCode,
      rollCodeHigh: 30_000,
      dreamFee: res.dreamFee,
      winRecoveryPrice: 25_000,
    });
    expect(site.pageData[0]).not.toHaveProperty('publicHash');
    // Anyone may check a dream of the public list by its share id (never by its countable roll number).
    const shared = (await call(t.app, 'GET', '/api/key/verifyByShareId', { shareId: site.pageData[0].shareId })).data;
    expect(shared).toMatchObject({ game: 'dream', rollCode: res.rollCode, rangeLow: 1, rangeHigh: 30_000, verifyId: null });
    expect(await call(t.app, 'GET', '/api/personalCenter/getMyDreamLog')).toEqual(refused('NOT_LOGGED_IN'));
  });
});

describe.skipIf(!usingPostgres())('dream stakes under concurrency (PostgreSQL)', () => {
  it('one item staked in concurrent dreams and swapped at the same time: exactly one takes it', async () => {
    const p = await player(10_000_000);
    const target = await targetAt(200_000);
    const fee = dreamFee(200_000, 40_000, RTP);
    for (let round = 0; round < 5; round++) {
      const [item] = await itemsWorth(p, [5_000]);
      const before = await balances(p);
      const calls = Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: String(item) }, p.token).then((r) => ({ kind: 'swap', r }))
          : start(p, { target, probability: 40_000, vouchers: [item!], quantity: fee }).then((r) => ({ kind: 'dream', r })),
      );
      const results = await Promise.all(calls);
      const winners = results.filter((x) => x.r.status === 0);
      expect(winners).toHaveLength(1);
      expect(results.filter((x) => x.r.status === 4003)).toHaveLength(11);
      const [row] = await queryRows<{ state: string }>(db(), sql`SELECT state FROM inventory_items WHERE id = ${item!}`);
      const after = await balances(p);
      if (winners[0]!.kind === 'swap') {
        expect(row!.state).toBe('exchanged');
        expect(after.coin).toBe(before.coin + 5_000);
      } else {
        expect(row!.state).toBe('used');
        expect(after.coin).toBe(before.coin - (fee - 5_000));
      }
    }
    const [dreams] = await queryRows<{ n: unknown; nonce: unknown }>(
      db(),
      sql`SELECT (SELECT count(*) FROM dreams WHERE user_id = ${p.userId}) AS n, (SELECT count(*) FROM rolls WHERE user_id = ${p.userId}) AS nonce`,
    );
    expect(toInt(dreams!.n)).toBe(toInt(dreams!.nonce));
    await expectBooksBalanced(db());
  });
});
