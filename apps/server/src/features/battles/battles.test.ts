import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { roundTime, sha256Hex } from '@skinfair/fairness';
import { EventType } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import { BATTLE_DRAW_JOB, BATTLE_EXPIRE_JOB, battleExpireJob } from './index.js';
import { t, db, BOX, OTHER_BOX, priceOf, player, wallet, create, join, detail } from './battles-fixture.js';

describe('create', () => {
  it('charges each box of the list, repeats included, seats the creator in seat 1 and announces the room', async () => {
    const entry = 2 * (await priceOf(BOX)) + (await priceOf(OTHER_BOX));
    const p = await player(entry + 500, 300);
    const before = t.published.length;
    const res = await create(p, { boxLists: `${BOX},${OTHER_BOX},${BOX}`, countCustomer: 2, mode: 0 });
    expect(res.status).toBe(0);
    const b = res.data;
    expect(b).toMatchObject({
      state: 0,
      mode: 0,
      countCustomer: 2,
      customerId: p.id,
      totalPrice: entry,
      private: false,
      serverSeed: null,
      lockedAt: null,
    });
    expect(b.battleCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(b.publicHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b.boxList.map((x: { boxId: number; round: number }) => [x.round, x.boxId])).toEqual([
      [1, BOX],
      [2, OTHER_BOX],
      [3, BOX],
    ]);
    expect(b.customerList).toEqual([expect.objectContaining({ pos: 1, customerId: p.id, isBot: false })]);
    expect(await wallet(p)).toEqual({ coins: 500, points: 300 });
    expect(t.published.slice(before).filter((m) => m.eventType === EventType.BATTLE_CREATED)).toHaveLength(1);
    await expectBooksBalanced(db());
  });

  it('spends coins first, then points', async () => {
    const entry = await priceOf(BOX);
    const p = await player(entry - 100, 1_000);
    expect((await create(p, { boxLists: `${BOX}`, countCustomer: 2 })).status).toBe(0);
    expect(await wallet(p)).toEqual({ coins: 0, points: 900 });
    await expectBooksBalanced(db());
  });

  it('refuses an empty list, more than 20 boxes, an unknown box, a bad seat count, a poor player and a guest', async () => {
    const p = await player(1_000_000_00);
    expect((await create(p, { boxLists: '', countCustomer: 2 })).status).toBe(1001);
    expect((await create(p, { boxLists: Array(21).fill(BOX).join(','), countCustomer: 2 })).status).toBe(1001);
    expect((await create(p, { boxLists: Array(20).fill(BOX).join(','), countCustomer: 2 })).status).toBe(0);
    expect(await create(p, { boxLists: '99999', countCustomer: 2 })).toEqual(refused('BOX_NOT_FOUND'));
    expect((await create(p, { boxLists: `${BOX}`, countCustomer: 5 })).status).toBe(1001);
    expect((await create(p, { boxLists: `${BOX}`, countCustomer: 1 })).status).toBe(1001);
    expect((await create(p, { boxLists: `${BOX}`, countCustomer: 2, mode: 2 })).status).toBe(1001);
    const poor = await player(1);
    expect(await create(poor, { boxLists: `${BOX}`, countCustomer: 2 })).toEqual(refused('INSUFFICIENT_BALANCE'));
    expect(await wallet(poor)).toEqual({ coins: 1, points: 0 });
    expect((await call(t.app, 'POST', '/api/battle/create', { boxLists: `${BOX}`, countCustomer: 2 })).status).toBe(401);
    await expectBooksBalanced(db());
  });
});

describe('join', () => {
  it('each player pays the entry price; the last seat locks the battle with its target round and seats digest', async () => {
    const price = await priceOf(BOX);
    const [a, b, c] = [await player(price), await player(price), await player(price)];
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 3 })).data.battleCode as string;
    const second = await join(b, code);
    expect(second.data).toMatchObject({ state: 0, lockedAt: null });
    expect(second.data.customerList.map((s: { pos: number }) => s.pos)).toEqual([1, 2]);
    const before = Math.floor(Date.now() / 1000);
    const third = (await join(c, code, { pos: 3 })).data;
    expect(third.state).toBe(1);
    const lockedAt = Math.floor(Date.parse(third.lockedAt) / 1000);
    expect(lockedAt).toBeGreaterThanOrEqual(before);
    expect(roundTime(third.targetRound) - lockedAt).toBeGreaterThanOrEqual(6);
    expect(roundTime(third.targetRound) - lockedAt).toBeLessThanOrEqual(9);
    expect(third.seatsDigest).toBe(sha256Hex(third.customerList.map((s: { clientSeed: string }) => s.clientSeed).join(',')));
    for (const p of [a, b, c]) expect(await wallet(p)).toEqual({ coins: 0, points: 0 });
    const [job] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM jobs WHERE kind = ${BATTLE_DRAW_JOB} AND payload->>'battleId' = ${String(third.id)}`,
    );
    expect(toInt(job?.n)).toBe(1);
    await expectBooksBalanced(db());
  });

  it('refuses a full battle, a second seat, a taken seat, a seat past N, an unknown room and a poor player, moving no money', async () => {
    const price = await priceOf(BOX);
    const [a, b, c, d] = [await player(price * 2), await player(price * 2), await player(price * 2), await player(10)];
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 3 })).data.battleCode as string;
    expect(await join(a, code)).toEqual(refused('BATTLE_ALREADY_JOINED'));
    expect(await join(b, code, { pos: 1 })).toEqual(refused('BATTLE_SEAT_TAKEN'));
    expect((await join(b, code, { pos: 4 })).status).toBe(1001);
    expect(await join(b, 'nosuchbattle1')).toEqual(refused('BATTLE_NOT_FOUND'));
    expect(await join(d, code)).toEqual(refused('INSUFFICIENT_BALANCE'));
    expect((await join(b, code)).status).toBe(0);
    expect((await join(c, code)).status).toBe(0);
    expect(await join(d, code)).toEqual(refused('BATTLE_NOT_WAITING'));
    expect(await wallet(d)).toEqual({ coins: 10, points: 0 });
    await expectBooksBalanced(db());
  });

  it('a private room needs its password and is not listed', async () => {
    const price = await priceOf(BOX);
    const [a, b] = [await player(price), await player(price)];
    const before = t.published.length;
    const room = (await create(a, { boxLists: `${BOX}`, countCustomer: 2, password: 'open-sesame' })).data;
    expect(room.private).toBe(true);
    expect(t.published.slice(before)).toEqual([]);
    expect(await join(b, room.battleCode)).toEqual(refused('BATTLE_PASSWORD_WRONG'));
    expect(await join(b, room.battleCode, { password: 'wrong-one' })).toEqual(refused('BATTLE_PASSWORD_WRONG'));
    const listed = (await call(t.app, 'GET', '/api/battle/getCurrentList', { pageSize: 100 })).data.pageData.map(
      (x: { id: number }) => x.id,
    );
    expect(listed).not.toContain(room.id);
    expect((await join(b, room.battleCode, { password: 'open-sesame' })).data.state).toBe(1);
  });
});

describe('bots', () => {
  it('a refused first joinBot leaves the bots in place for the next one', async () => {
    const price = await priceOf(BOX);
    const [a, b] = [await player(price), await player(price)];
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 2 })).data.battleCode as string;
    expect(await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, b.token)).toEqual(refused('BATTLE_NOT_CREATOR'));
    expect((await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, a.token)).data.customerList[1].botId).toBe(1);
  });

  it('lists the bots with their public record', async () => {
    const bots = (await call(t.app, 'POST', '/api/battle/getBots')).data;
    expect(bots.length).toBeGreaterThanOrEqual(3);
    expect(bots[0]).toMatchObject({
      botId: 1,
      played: expect.any(Number),
      won: expect.any(Number),
      profitFen: expect.any(Number),
    });
  });

  it('only the creator adds a bot; a bot pays nothing and sits with seed bot-<seat>', async () => {
    const price = await priceOf(BOX);
    const [a, b] = [await player(price), await player(price)];
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 3 })).data.battleCode as string;
    expect(await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, b.token)).toEqual(refused('BATTLE_NOT_CREATOR'));
    const withBot = (await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code, botId: 2 }, a.token)).data;
    expect(withBot.customerList[1]).toMatchObject({
      pos: 2,
      botId: 2,
      customerId: null,
      isBot: true,
      clientSeed: 'bot-2',
    });
    expect(await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code, botId: 2 }, a.token)).toEqual(
      refused('BATTLE_BOT_UNAVAILABLE'),
    );
    expect(await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code, botId: 999 }, a.token)).toEqual(
      refused('BATTLE_BOT_UNAVAILABLE'),
    );
    const locked = (await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, a.token)).data;
    expect(locked.state).toBe(1);
    expect(await wallet(a)).toEqual({ coins: 0, points: 0 });
    expect(await wallet(b)).toEqual({ coins: price, points: 0 });
    await expectBooksBalanced(db());
  });
});

describe('cancel', () => {
  it('the creator cancels a waiting room and every human seat gets back what it paid', async () => {
    const price = await priceOf(BOX);
    const [a, b, c] = [await player(price - 50, 50), await player(price - 20, 20), await player(price)];
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 4 })).data.battleCode as string;
    await join(b, code);
    await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, a.token);
    expect(await call(t.app, 'POST', '/api/battle/cancel', { battleCode: code }, b.token)).toEqual(refused('BATTLE_NOT_CREATOR'));
    const cancelled = await call(t.app, 'POST', '/api/battle/cancel', { battleCode: code }, a.token);
    expect(cancelled.data.state).toBe(3);
    expect(await wallet(a)).toEqual({ coins: price - 50, points: 50 });
    expect(await wallet(b)).toEqual({ coins: price - 20, points: 20 });
    expect(await join(c, code)).toEqual(refused('BATTLE_NOT_WAITING'));
    expect(await call(t.app, 'POST', '/api/battle/cancel', { battleCode: code }, a.token)).toEqual(refused('BATTLE_NOT_WAITING'));
    await expectBooksBalanced(db());
  });

  it('there is no cancel after lock', async () => {
    const price = await priceOf(BOX);
    const [a, b] = [await player(price), await player(price)];
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 2 })).data.battleCode as string;
    await join(b, code);
    expect(await call(t.app, 'POST', '/api/battle/cancel', { battleCode: code }, a.token)).toEqual(refused('BATTLE_NOT_WAITING'));
  });

  it('a room nobody fills is cancelled and refunded by its expiry job', async () => {
    const price = await priceOf(BOX);
    const a = await player(price);
    const room = (await create(a, { boxLists: `${BOX}`, countCustomer: 2 })).data;
    const runner = createJobRunner({
      db: db(),
      logger: { info() {}, warn() {}, error() {} },
      pollMs: 1_000_000,
    });
    runner.register(BATTLE_EXPIRE_JOB, battleExpireJob({ db: db(), live: t.live, hash: () => '' }));
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = ${BATTLE_EXPIRE_JOB} AND payload->>'battleId' = ${String(room.id)}`);
    // Every other job waits, whatever its kind: a draw an earlier test scheduled a few seconds ahead comes due
    // on a slow machine, and the runner claims any due job.
    await db().execute(
      sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE state = 'pending' AND NOT (kind = ${BATTLE_EXPIRE_JOB} AND payload->>'battleId' = ${String(room.id)})`,
    );
    expect(await runner.runOnce()).toBe(1);
    expect((await detail(room.battleCode)).state).toBe(3);
    expect(await wallet(a)).toEqual({ coins: price, points: 0 });
    await expectBooksBalanced(db());
  });
});
