import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamFee, dreamRoll, publicHash } from '@skinfair/fairness';
import type { DropItem } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { t, db, U, RTP, player, targetAt, itemsWorth, start, balances, rollUntil } from './dream-fixture.js';

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
