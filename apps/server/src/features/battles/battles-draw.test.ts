import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { battleRoll, localBeaconRandomness, pickByRoll, publicHash, roundTime } from '@skinfair/fairness';
import { EventType } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { BATTLE_DRAW_JOB, BATTLE_REVEAL_JOB, battleDrawJob } from './index.js';
import { runRevealJobs } from './reveal-job.test-helpers.js';
import {
  t,
  db,
  BOX,
  OTHER_BOX,
  priceOf,
  player,
  wallet,
  create,
  join,
  detail,
  backpackSize,
  readyBeacon,
  silentBeacon,
  draw,
} from './battles-fixture.js';

/** The battle's draw and reveal jobs, in the order they were enqueued. */
const jobsOf = async (battleId: number) =>
  (
    await queryRows<{ kind: string; state: string; attempts: unknown }>(
      db(),
      sql`SELECT kind, state, attempts FROM jobs
          WHERE kind IN (${BATTLE_DRAW_JOB}, ${BATTLE_REVEAL_JOB}) AND payload->>'battleId' = ${String(battleId)} ORDER BY id`,
    )
  ).map((j) => ({ kind: j.kind, state: j.state, attempts: toInt(j.attempts) }));

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
    // The room's pushes come from the reveal jobs the draw scheduled (every round due: it ended long ago).
    expect(await runRevealJobs(db(), t.live, id)).toBe(3);
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
    await runRevealJobs(db(), t.live, id);
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
    // The poll may also claim the reveal's first job, due at once (this runner has no handler for it).
    expect(await runner.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await detail(code)).state).toBe(2);
    // Done once, and the room's pushes handed to the reveal's first job.
    const jobs = await jobsOf(id);
    expect(jobs[0]).toEqual({ kind: BATTLE_DRAW_JOB, state: 'done', attempts: 1 });
    expect(jobs.slice(1).map((j) => j.kind)).toEqual([BATTLE_REVEAL_JOB]);
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
    // The draw, and the first reveal round it enqueues when it may run in the same poll.
    expect(await restarted.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await jobsOf(id)).find((j) => j.kind === BATTLE_DRAW_JOB)).toEqual({ kind: BATTLE_DRAW_JOB, state: 'done', attempts: 2 });
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
