import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { battleRoll, localBeaconRandomness, pickByRoll, publicHash, roundTime, sha256Hex } from '@skinfair/fairness';
import { BATTLE_RANK_REWARDS_FEN, EventType } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances } from '../../platform/ledger/index.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { BATTLE_DRAW_JOB, BATTLE_EXPIRE_JOB, BATTLE_RANK_JOB, battleDrawJob, battleExpireJob, battleRankJob } from './index.js';
import { bizDateOf } from './rank.js';
import { drawBattle } from './draw.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;
const OTHER_BOX = 2;
const priceOf = async (boxId: number) => (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: boxId })).data.openPrice as number;

async function player(coinsFen: number, pointsFen = 0) {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  return { id: user.id, token: await givenSession(db(), user.id) };
}
type Player = Awaited<ReturnType<typeof player>>;
const wallet = async (p: Player) => {
  const b = await getBalances(db(), p.id);
  return { coins: b.coinFen, points: b.pointFen };
};
const create = (p: Player, params: Record<string, unknown>) => call(t.app, 'POST', '/api/battle/create', params, p.token);
const join = (p: Player, battleCode: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/battle/joinBattle', { battleCode, ...extra }, p.token);
const detail = async (battleCode: string) => (await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode })).data;
const backpackSize = async (p: Player) =>
  (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, p.token)).data.totalRows as number;

/** The local beacon's rounds, available at once (the wait for time(R) is the provider's own concern). */
const readyBeacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({
    round,
    randomness: localBeaconRandomness(round),
    signature: null,
    source: 'local',
  }),
};
const silentBeacon: BeaconProvider = { source: 'local', fetchRound: async () => null };
/** Settled ten minutes ago by default, so every round is revealed; the pace has its own test. */
const draw = (battleId: number, beacon: BeaconProvider = readyBeacon, nowMs = Date.now() - 600_000) =>
  runInTransaction(db(), (scope) => drawBattle({ db: db(), live: t.live, beacon }, scope, battleId, nowMs));

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
    await db().execute(
      sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE kind = ${BATTLE_EXPIRE_JOB} AND payload->>'battleId' <> ${String(room.id)}`,
    );
    expect(await runner.runOnce()).toBe(1);
    expect((await detail(room.battleCode)).state).toBe(3);
    expect(await wallet(a)).toEqual({ coins: price, points: 0 });
    await expectBooksBalanced(db());
  });
});

describe('draw and settle', () => {
  async function lockedBattle(mode = 0, boxes = `${BOX},${OTHER_BOX},${BOX}`) {
    const entry = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: BOX })).data.openPrice * 2 + (await priceOf(OTHER_BOX));
    const [a, b] = [await player(entry * 2), await player(entry * 2)];
    const code = (await create(a, { boxLists: boxes, countCustomer: 2, mode })).data.battleCode as string;
    await join(b, code);
    return { a, b, code, id: (await detail(code)).id as number };
  }

  it('draws every round and seat from the beacon, gives every item to the winner and reveals the seed; a second run draws nothing', async () => {
    const { a, b, code, id } = await lockedBattle();
    const before = t.published.length;
    expect(await draw(id)).toBe('ended');
    const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
    expect(res.state).toBe(2);
    expect(res.rolls).toHaveLength(3 * 2);
    expect(res.randomness).toBe(localBeaconRandomness(res.targetRound));
    expect(publicHash(res.serverSeed, res.secretSalt)).toBe(res.publicHash);
    // Verify every roll from published data only (the verify page does this in the browser).
    for (const r of res.rolls) {
      const box = res.boxList.find((x: { round: number }) => x.round === r.round);
      const odds = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: box.boxId })).data;
      const ranges = odds.gifts.map((g: { giftId: number; rollCodeLow: number; rollCodeHigh: number }) => ({
        itemId: g.giftId,
        low: g.rollCodeLow,
        high: g.rollCodeHigh,
      }));
      const trace = battleRoll(
        res.serverSeed,
        {
          battleId: res.id,
          round: res.targetRound,
          randomness: res.randomness,
          seatsDigest: res.seatsDigest,
        },
        r.round,
        r.pos,
      );
      expect(trace.rollCode).toBe(r.rollCode);
      expect(pickByRoll(ranges, r.rollCode).itemId).toBe(r.giftId);
    }
    const totals = [1, 2].map((pos) =>
      res.rolls.filter((r: { pos: number }) => r.pos === pos).reduce((s: number, r: { giftPrice: number }) => s + r.giftPrice, 0),
    );
    const [winner, loser] = res.winnerPos === 1 ? [a, b] : [b, a];
    if (totals[0] !== totals[1]) expect(res.winnerPos).toBe(totals[0]! > totals[1]! ? 1 : 2);
    expect(await backpackSize(winner)).toBe(6);
    expect(await backpackSize(loser)).toBe(0);
    const bag = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { pageSize: 100 }, winner.token)).data
      .pageData as Array<{ id: number; giftId: number; recoveryPrice: number; sourceType: string }>;
    const inBag = new Map(bag.map((o) => [o.id, o]));
    for (const r of res.rolls)
      expect(inBag.get(r.voucherId)).toMatchObject({
        giftId: r.giftId,
        recoveryPrice: r.giftPrice,
        sourceType: 'battle',
      });
    const events = t.published.slice(before);
    expect(events.filter((m) => m.eventType === EventType.BATTLE_DROP)).toHaveLength(1);
    const rounds = events
      .filter((m) => m.eventType === EventType.BATTLE_STATE)
      .map((m) => m.data as { revealedRounds: number; rolls: unknown[]; winnerPos: number | null });
    expect(rounds.map((r) => [r.revealedRounds, r.rolls.length, r.winnerPos])).toEqual([
      [1, 2, null],
      [2, 4, null],
      [3, 6, res.winnerPos],
    ]);
    expect(await draw(id)).toBe('skipped');
    expect((await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data.rolls).toHaveLength(6);
    expect(await backpackSize(winner)).toBe(6);
    await expectBooksBalanced(db());
  });

  it('publishes the beacon round signature with the randomness at the draw, never before', async () => {
    const { code, id } = await lockedBattle();
    const signature = 'b98dae74f6a9d2ec79d75ba273dcfda86a45d589412860eb4c0fd056b00654dbf667c1b6884987c9aee0d43f8ba9db52';
    const signing: BeaconProvider = {
      source: 'drand',
      fetchRound: async (round) => ({ round, randomness: 'e'.repeat(64), signature, source: 'drand' }),
    };
    expect((await detail(code)).beaconSignature).toBeNull();
    expect(await draw(id, signing)).toBe('ended');
    const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
    expect(res).toMatchObject({
      beaconSource: 'drand',
      beaconSignature: signature,
      randomness: 'e'.repeat(64),
    });
    expect((await detail(code)).beaconSignature).toBe(signature);
  });

  it('reveals one round at a time from the settlement, the same for every watcher, the winner and seed last', async () => {
    const { code, id } = await lockedBattle();
    const before = t.published.length;
    expect(await draw(id, readyBeacon, Date.now())).toBe('ended');
    const now = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
    expect(now).toMatchObject({
      state: 2,
      revealedRounds: 1,
      roundMs: 4_000,
      winnerPos: null,
      serverSeed: null,
      secretSalt: null,
    });
    expect(now.rolls.map((r: { round: number }) => r.round)).toEqual([1, 1]);
    const first = t.published.slice(before).find((m) => m.eventType === EventType.BATTLE_STATE)!.data as {
      revealedRounds: number;
      rolls: unknown[];
    };
    expect([first.revealedRounds, first.rolls.length]).toEqual([1, 2]);
    // The drop feed waits for the last round too.
    expect(t.published.slice(before).filter((m) => m.eventType === EventType.BATTLE_DROP)).toEqual([]);
  });

  it('values the drops at the item prices of creation, whatever the catalogue says later', async () => {
    const bump = (fen: number) =>
      db().execute(sql`UPDATE items SET recovery_price_fen = recovery_price_fen + ${fen}
        WHERE id IN (SELECT item_id FROM box_drops WHERE box_id = ${BOX})`);
    const current = async () =>
      new Map(
        (
          (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: BOX })).data.gifts as Array<{
            giftId: number;
            recoveryPrice: number;
          }>
        ).map((g) => [g.giftId, g.recoveryPrice]),
      );
    await bump(7);
    try {
      const { code, id } = await lockedBattle(0, `${BOX}`);
      const atCreation = await current();
      await bump(100);
      await draw(id);
      const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
      for (const r of res.rolls) expect(r.giftPrice).toBe(atCreation.get(r.giftId));
    } finally {
      await bump(-107);
    }
  });

  it('non-chieftain mode gives everything to the lowest total', async () => {
    const { code, id } = await lockedBattle(1);
    await draw(id);
    const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
    const totals = [1, 2].map((pos) =>
      res.rolls.filter((r: { pos: number }) => r.pos === pos).reduce((s: number, r: { giftPrice: number }) => s + r.giftPrice, 0),
    );
    if (totals[0] !== totals[1]) expect(res.winnerPos).toBe(totals[0]! < totals[1]! ? 1 : 2);
    expect(res.mode).toBe(1);
  });

  it('items a bot wins stay with the house; a player who beats a bot gets them like any drop', async () => {
    const price = await priceOf(BOX);
    const a = await player(price);
    const code = (await create(a, { boxLists: `${BOX}`, countCustomer: 2 })).data.battleCode as string;
    const id = (await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, a.token)).data.id as number;
    await draw(id);
    const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
    expect(await backpackSize(a)).toBe(res.winnerPos === 1 ? 2 : 0);
    expect(res.rolls.every((r: { voucherId: number | null }) => (r.voucherId !== null) === (res.winnerPos === 1))).toBe(true);
    const bot = (await call(t.app, 'POST', '/api/battle/getBots')).data.find(
      (x: { botId: number }) => x.botId === res.customerList[1].botId,
    );
    expect(bot.played).toBeGreaterThanOrEqual(1);
    await expectBooksBalanced(db());
  });

  it('waits for a late beacon, then voids and refunds 120 s after the target time', async () => {
    const { a, b, code, id } = await lockedBattle();
    const target = (await detail(code)).targetRound as number;
    await expect(draw(id, silentBeacon, (roundTime(target) + 119) * 1000)).rejects.toThrow(/not available/);
    expect((await detail(code)).state).toBe(1);
    expect(await draw(id, silentBeacon, (roundTime(target) + 120) * 1000)).toBe('voided');
    const voided = await detail(code);
    expect(voided.state).toBe(4);
    expect(voided.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    for (const p of [a, b]) expect((await wallet(p)).coins).toBeGreaterThan(0);
    expect(await draw(id, readyBeacon)).toBe('skipped');
    await expectBooksBalanced(db());
  });

  it('runs as a durable job once the target round is due', async () => {
    const { code, id } = await lockedBattle();
    const runner = createJobRunner({
      db: db(),
      logger: { info() {}, warn() {}, error() {} },
      pollMs: 1_000_000,
    });
    runner.register(BATTLE_DRAW_JOB, battleDrawJob({ db: db(), live: t.live, beacon: readyBeacon }));
    await db().execute(
      sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE kind <> ${BATTLE_DRAW_JOB} OR payload->>'battleId' <> ${String(id)}`,
    );
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = ${BATTLE_DRAW_JOB} AND payload->>'battleId' = ${String(id)}`);
    expect(await runner.runOnce()).toBe(1);
    expect((await detail(code)).state).toBe(2);
    expect(await runner.runOnce()).toBe(0);
  });
});

describe('restart', () => {
  it('a draw that dies before commit leaves nothing behind, and the retried job settles exactly once', async () => {
    const price = await priceOf(BOX);
    const [a, b] = [await player(price * 2), await player(price * 2)];
    const code = (await create(a, { boxLists: `${BOX},${BOX}`, countCustomer: 2 })).data.battleCode as string;
    await join(b, code);
    const id = (await detail(code)).id as number;
    const quiet = { info() {}, warn() {}, error() {} };
    await db().execute(
      sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE kind <> ${BATTLE_DRAW_JOB} OR payload->>'battleId' <> ${String(id)}`,
    );
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = ${BATTLE_DRAW_JOB} AND payload->>'battleId' = ${String(id)}`);
    const dying = createJobRunner({ db: db(), logger: quiet, pollMs: 1_000_000, backoffBaseMs: 0 });
    const handler = battleDrawJob({ db: db(), live: t.live, beacon: readyBeacon });
    dying.register(BATTLE_DRAW_JOB, async (payload, scope, job) => {
      await handler(payload, scope, job);
      throw new Error('killed before commit');
    });
    expect(await dying.runOnce()).toBe(1);
    expect((await detail(code)).state).toBe(1);
    const [none] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM battle_rolls WHERE battle_id = ${id}`);
    expect(toInt(none?.n)).toBe(0);
    const restarted = createJobRunner({ db: db(), logger: quiet, pollMs: 1_000_000 });
    restarted.register(BATTLE_DRAW_JOB, handler);
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    const [rolls] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM battle_rolls WHERE battle_id = ${id}`);
    expect(toInt(rolls?.n)).toBe(4);
    expect((await backpackSize(a)) + (await backpackSize(b))).toBe(4);
    await expectBooksBalanced(db());
  });

  it('a repeated create with the same Idempotency-Key makes one battle and charges once', async () => {
    const price = await priceOf(BOX);
    const a = await player(price * 3);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/battle/create',
        headers: {
          token: a.token,
          'idempotency-key': 'battle-create-once',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `boxLists=${BOX}&countCustomer=2`,
      });
    const first = (await send()).json();
    const second = (await send()).json();
    expect(second.data.id).toBe(first.data.id);
    expect(await wallet(a)).toEqual({ coins: price * 2, points: 0 });
  });
});

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
