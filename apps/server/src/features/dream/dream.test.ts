import { describe, expect, it } from 'vitest';
import { dreamFee } from '@skinfair/fairness';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import {
  t,
  db,
  U,
  RTP,
  TV_HASH,
  TV_CLIENT,
  player,
  targetAt,
  itemsWorth,
  start,
  balances,
  useVectorSeeds,
  footprint,
} from './dream-fixture.js';

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
