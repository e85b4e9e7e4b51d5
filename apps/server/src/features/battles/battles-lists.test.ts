import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BATTLE_RANK_REWARDS_FEN, EventType } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { BATTLE_RANK_JOB, battleRankJob } from './index.js';
import { bizDateOf } from './rank.js';
import { t, db, BOX, priceOf, player, wallet, create, join, detail, readyBeacon, draw } from './battles-fixture.js';

describe('ranking', () => {
  it('ranks the day by battle points and pays the top places once, announcing event 33', async () => {
    const price = await priceOf(BOX);
    const entry = price * 20;
    const [a, b] = [await player(entry), await player(entry)];
    const code = (await create(a, { boxLists: Array(20).fill(BOX).join(','), countCustomer: 2 })).data.battleCode as string;
    await join(b, code);
    const settledAt = Date.now();
    await draw((await detail(code)).id, readyBeacon, settledAt);
    const page = (await call(t.app, 'GET', '/api/battle/rank', {}, a.token)).data;
    const today = bizDateOf(settledAt);
    expect(page.todayRank.slice(0, 2)).toEqual([
      expect.objectContaining({ customerId: a.id, rewardPoint: entry, bizDate: today, place: 1 }),
      expect.objectContaining({ customerId: b.id, rewardPoint: entry, bizDate: today, place: 2 }),
    ]);
    const [job] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM jobs WHERE dedupe_key = ${`battle-rank:${today}`}`);
    expect(toInt(job?.n)).toBe(1);
    const before = [await wallet(a), await wallet(b)];
    const before33 = t.published.length;
    const pay = () =>
      runInTransaction(db(), (scope) =>
        battleRankJob({ live: t.live })({ bizDate: today }, scope, {
          id: 0,
          kind: BATTLE_RANK_JOB,
          payload: {},
          attempts: 1,
          maxAttempts: 1,
        }),
      );
    await pay();
    await pay();
    expect((await wallet(a)).coins - before[0]!.coins).toBe(BATTLE_RANK_REWARDS_FEN[0]);
    expect((await wallet(b)).coins - before[1]!.coins).toBe(BATTLE_RANK_REWARDS_FEN[1]);
    expect(t.published.slice(before33).filter((m) => m.eventType === EventType.BATTLE_RANK)).toHaveLength(2);
    await expectBooksBalanced(db());
  });
});

describe('highlight', () => {
  it('shows the day’s most valuable public battles and drops, once every round is revealed', async () => {
    const price = await priceOf(BOX);
    const entry = price * 20;
    const room = async (password?: string) => {
      const [a, b] = [await player(entry), await player(entry)];
      const made = (
        await create(a, {
          boxLists: Array(20).fill(BOX).join(','),
          countCustomer: 2,
          ...(password ? { password } : {}),
        })
      ).data;
      await join(b, made.battleCode, password ? { password } : {});
      return made as { id: number; battleCode: string };
    };
    const [shown, hidden, showing] = [await room(), await room('secret-room'), await room()];
    // Settled a minute and a half ago: 20 rounds of 4 s are all out. The third is still being revealed.
    await draw(shown.id, readyBeacon, Date.now() - 90_000);
    await draw(hidden.id, readyBeacon, Date.now() - 90_000);
    await draw(showing.id, readyBeacon, Date.now());
    const h = (await call(t.app, 'GET', '/api/battle/highlight')).data;
    const ids = h.battles.map((x: { id: number }) => x.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(showing.id);
    const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: shown.battleCode })).data;
    const total = res.rolls.reduce((s: number, r: { giftPrice: number }) => s + r.giftPrice, 0);
    expect(h.battles.find((x: { id: number }) => x.id === shown.id).totalValue).toBe(total);
    expect(h.drops.length).toBeGreaterThan(0);
    expect(h.drops.every((d: { battleCode: string }) => d.battleCode !== hidden.battleCode && d.battleCode !== showing.battleCode)).toBe(
      true,
    );
    const prices = h.drops.map((d: { giftPrice: number }) => d.giftPrice);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
  });
});

describe('lists', () => {
  it('getList, getCurrentList, getMyBattleList and getBattleList page and filter battles', async () => {
    const price = await priceOf(BOX);
    const [a, b] = [await player(price * 3), await player(price * 3)];
    const oh = (await create(a, { boxLists: `${BOX}`, countCustomer: 2, mode: 0 })).data;
    const fq = (await create(a, { boxLists: `${BOX}`, countCustomer: 2, mode: 1 })).data;
    await join(b, fq.battleCode);
    const ids = (page: { pageData: Array<{ id: number }> }) => page.pageData.map((x) => x.id);
    const fqList = (await call(t.app, 'GET', '/api/battle/getList', { mode: 1, pageSize: 100 })).data;
    expect(ids(fqList)).toContain(fq.id);
    expect(ids(fqList)).not.toContain(oh.id);
    const waiting = (await call(t.app, 'GET', '/api/battle/getList', { state: 0, pageSize: 100 })).data;
    expect(ids(waiting)).toContain(oh.id);
    expect(ids(waiting)).not.toContain(fq.id);
    const current = (await call(t.app, 'GET', '/api/battle/getCurrentList', {})).data;
    expect(current.pageSize).toBe(10);
    expect(ids(current).slice(0, 2)).toEqual([fq.id, oh.id]);
    const mine = (await call(t.app, 'GET', '/api/battle/getMyBattleList', {}, b.token)).data;
    expect(ids(mine)).toEqual([fq.id]);
    expect(mine.totalRows).toBe(1);
    const page2 = (await call(t.app, 'GET', '/api/battle/getMyBattleList', { page: 2, pageSize: 1 }, a.token)).data;
    expect(ids(page2)).toEqual([oh.id]);
    expect(page2.totalPages).toBe(2);
    const home = (await call(t.app, 'GET', '/api/battle/getBattleList')).data;
    expect(home.length).toBeLessThanOrEqual(4);
    expect(home[0].id).toBe(fq.id);
    expect((await call(t.app, 'GET', '/api/battle/getMyBattleList')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/battle/joinBattle', { battleCode: oh.battleCode })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: oh.battleCode })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/battle/cancel', { battleCode: oh.battleCode })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: 'bad code!' })).status).toBe(1001);
    expect(await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: 'nosuchbattle1' })).toEqual(refused('BATTLE_NOT_FOUND'));
    // A running battle has no rolls to show yet, and no seed.
    const running = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: fq.battleCode })).data;
    expect(running).toMatchObject({
      state: 1,
      rolls: [],
      serverSeed: null,
      winnerPos: null,
      revealedRounds: 0,
    });
    expect(await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: fq.battleCode }, a.token)).toEqual(refused('BATTLE_NOT_WAITING'));
    expect(await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: 'nosuchbattle1' })).toEqual(refused('BATTLE_NOT_FOUND'));
  });
});

// PGlite has one connection and cannot race; the battle row lock is proven on PostgreSQL.
describe.skipIf(!usingPostgres())('battles under concurrency (PostgreSQL)', () => {
  it('20 players racing for the last seat: exactly one sits and pays, the books balance', async () => {
    const price = await priceOf(BOX);
    const a = await player(price);
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 2 })).data.battleCode as string;
    const racers = await Promise.all(Array.from({ length: 20 }, () => player(price)));
    const results = await Promise.all(racers.map((p) => join(p, code)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 0)).toEqual(Array.from({ length: 19 }, () => refused('BATTLE_NOT_WAITING')));
    const paid = (await Promise.all(racers.map(wallet))).filter((w) => w.coins === 0);
    expect(paid).toHaveLength(1);
    expect((await detail(code)).customerList).toHaveLength(2);
    await expectBooksBalanced(db());
  });

  it('cancel racing a join: one outcome, no money made or lost', async () => {
    const price = await priceOf(BOX);
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await player(price), await player(price)];
      const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 2 })).data.battleCode as string;
      const [cancelled, joined] = await Promise.all([
        call(t.app, 'POST', '/api/battle/cancel', { battleCode: code }, a.token),
        join(b, code),
      ]);
      expect([cancelled.status, joined.status].filter((s) => s === 0)).toHaveLength(1);
      const state = (await detail(code)).state;
      if (cancelled.status === 0) {
        expect(state).toBe(3);
        expect([await wallet(a), await wallet(b)]).toEqual([
          { coins: price, points: 0 },
          { coins: price, points: 0 },
        ]);
      } else {
        expect(state).toBe(1);
        expect([await wallet(a), await wallet(b)]).toEqual([
          { coins: 0, points: 0 },
          { coins: 0, points: 0 },
        ]);
      }
    }
    await expectBooksBalanced(db());
  });
});
