import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { BATTLE_DRAW_JOB, battleDrawJob } from '../battles/index.js';
import { t, runner, silent, db, player, fresh, game, gamesAllWindows, boxId, boxPrice, declaredOfBox } from './transparency-fixture.js';

const readyBeacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({
    round,
    randomness: localBeaconRandomness(round),
    signature: null,
    source: 'local',
  }),
};
/** The battle's durable draw job, made due and run once (the beacon round is ready). */
async function draw(battleId: number) {
  const drawer = createJobRunner({
    db: db(),
    logger: silent,
    pollMs: 1_000_000,
    nodeId: 'transparency-draw',
  });
  drawer.register(BATTLE_DRAW_JOB, battleDrawJob({ db: db(), live: t.live, beacon: readyBeacon }));
  const mine = sql`kind = ${BATTLE_DRAW_JOB} AND payload->>'battleId' = ${String(battleId)}`;
  await db().execute(sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE state = 'pending' AND NOT (${mine})`);
  await db().execute(sql`UPDATE jobs SET run_at = now() WHERE ${mine}`);
  // The poll may also take the reveal's first job, due at once after the draw commits.
  expect(await drawer.runOnce()).toBeGreaterThanOrEqual(1);
  const [drawn] = await queryRows<{ state: string }>(db(), sql`SELECT state FROM jobs WHERE ${mine}`);
  expect(drawn?.state).toBe('done');
}

interface Settled {
  id: number;
  entry: number;
  rolls: Array<{ pos: number; giftPrice: number }>;
  winnerPos: number;
  botSeat: number | null;
  botId: number | null;
}
async function battle(withBot: boolean, rounds = 2): Promise<Settled> {
  const entry = boxPrice * rounds;
  const a = await player(entry);
  const created = await call(
    t.app,
    'POST',
    '/api/battle/create',
    { boxLists: Array(rounds).fill(boxId).join(','), countCustomer: 2 },
    a.token,
  );
  expect(created.status, created.msg).toBe(0);
  const code = created.data.battleCode as string;
  if (withBot) {
    expect((await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, a.token)).status).toBe(0);
  } else {
    const b = await player(entry);
    expect((await call(t.app, 'POST', '/api/battle/joinBattle', { battleCode: code }, b.token)).status).toBe(0);
  }
  const id = (await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: code })).data.id as number;
  await draw(id);
  // Ten minutes on: the room has shown every round, so public figures count the battle (issue 24 §14).
  await db().execute(sql`UPDATE battles SET ended_at = ended_at - interval '10 minutes' WHERE id = ${id}`);
  // The battle's own records: its state, winner, every roll's credited value and the bot's seat.
  const [b] = await queryRows<{ state: string; winner_seat: unknown }>(db(), sql`SELECT state, winner_seat FROM battles WHERE id = ${id}`);
  expect(b!.state).toBe('ended');
  const rolls = await queryRows<{ seat: unknown; value_fen: unknown }>(
    db(),
    sql`SELECT seat, value_fen FROM battle_rolls WHERE battle_id = ${id}`,
  );
  expect(rolls).toHaveLength(rounds * 2);
  const [bot] = await queryRows<{ bot_id: unknown }>(
    db(),
    sql`SELECT bot_id FROM battle_seats WHERE battle_id = ${id} AND bot_id IS NOT NULL`,
  );
  return {
    id,
    entry,
    rolls: rolls.map((r) => ({ pos: toInt(r.seat), giftPrice: toInt(r.value_fen) })),
    winnerPos: toInt(b!.winner_seat),
    botSeat: withBot ? 2 : null,
    botId: bot ? toInt(bot.bot_id) : null,
  };
}
const wonOf = (b: Settled) => b.rolls.reduce((s, r) => s + r.giftPrice, 0);

describe('battles', () => {
  it('counts each seat’s roll of a round as an opening of its box, valued as the battle credited it, per window', async () => {
    const old = await battle(false);
    await db().execute(sql`UPDATE battles SET ended_at = now() - interval '40 days' WHERE id = ${old.id}`);
    const recent = [await battle(true), await battle(false, 3)];
    const w = await gamesAllWindows();
    const expectBattle = (g: Record<string, unknown>, list: Settled[]) => {
      const plays = list.reduce((s, b) => s + b.rolls.length, 0);
      const won = list.reduce((s, b) => s + wonOf(b), 0);
      expect(g).toMatchObject({ plays, wonFen: won, stakeFen: plays * boxPrice });
      expect(g.realisedReturn as number).toBeCloseTo(won / (plays * boxPrice), 6);
    };
    expectBattle(game(w['24h'], 'battle'), recent);
    expectBattle(game(w['30d'], 'battle'), recent);
    expectBattle(game(w.all, 'battle'), [old, ...recent]);
    // Every round drew from the same box at the same prices: the declared return is that box's.
    const page = await declaredOfBox();
    expect(game(w.all, 'battle').declaredReturn).toBeCloseTo(page.declaredReturn, 6);
  });

  it('shows each bot’s battles, wins, stake, value won and the house’s result, equal to the sums over its battles', async () => {
    const played = [await battle(true), await battle(true, 3), await battle(true, 1)];
    const botId = played[0]!.botId!;
    const mine = played.filter((b) => b.botId === botId);
    const [before] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM battle_seats s JOIN battles b ON b.id = s.battle_id AND b.state = 'ended' WHERE s.bot_id = ${botId}`,
    );
    const data = await fresh('/api/transparency/bots');
    const bot = data.bots.find((b: { botId: number }) => b.botId === botId);
    // Recompute over every battle the bot sat, from the battle records.
    const seats = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT b.id, b.seats, b.entry_price_fen, b.winner_seat, s.seat,
            (SELECT sum(value_fen) FROM battle_rolls r WHERE r.battle_id = b.id) AS total,
            (SELECT sum(value_fen) FROM battle_rolls r WHERE r.battle_id = b.id AND r.seat = s.seat) AS own
          FROM battle_seats s JOIN battles b ON b.id = s.battle_id AND b.state = 'ended'
          WHERE s.bot_id = ${botId}`,
    );
    let won = 0,
      stake = 0,
      valueWon = 0,
      house = 0,
      expected = 0;
    for (const s of seats) {
      const win = toInt(s.winner_seat) === toInt(s.seat);
      stake += toInt(s.entry_price_fen);
      expected += 1 / toInt(s.seats);
      if (win) {
        won += 1;
        valueWon += toInt(s.total);
        house += toInt(s.total) - toInt(s.own);
      } else house -= toInt(s.own);
    }
    expect(mine.length).toBeGreaterThan(0);
    expect(bot).toMatchObject({
      played: toInt(before!.n),
      won,
      lost: toInt(before!.n) - won,
      stakeFen: stake,
      valueWonFen: valueWon,
      netFen: valueWon - stake,
      houseResultFen: house,
    });
    expect(bot.expectedWins).toBeCloseTo(expected, 6);
    expect(bot.realisedReturn).toBeCloseTo(valueWon / stake, 6);
    // Its seats rolled this box at the prices fixed at creation: a seat expects the box's declared return.
    expect(bot.declaredReturn).toBeCloseTo((await declaredOfBox()).declaredReturn, 5);
    expect(bot.winsBand95.low).toBeLessThanOrEqual(expected);
    expect(bot.winsBand95.high).toBeGreaterThanOrEqual(expected);
    // The house's result is the one the battles page shows for the bot (decision 0025).
    const listed = (await call(t.app, 'POST', '/api/battle/getBots')).data.find((b: { botId: number }) => b.botId === botId);
    expect(bot.houseResultFen).toBe(listed.profitFen);
    await expectBooksBalanced(db());
  });
});

describe('withdrawals', () => {
  const GOOD = 'https://steamcommunity.com/tradeoffer/new/?partner=123&token=AbCdEf12';
  const FAILING = 'https://steamcommunity.com/tradeoffer/new/?partner=456&token=failXy99';
  async function withdraw(tradeUrl: string) {
    const p = await player(10_000_000);
    const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: 1 }, p.token);
    const voucher = res.data.results[0].voucherId as number;
    expect((await call(t.app, 'POST', '/api/personalCenter/modifyTradeUrl', { tradeUrl }, p.token)).status).toBe(0);
    const r = await call(t.app, 'POST', '/api/personalCenter/ornamentRetrieval', { ids: String(voucher) }, p.token);
    expect(r.status, r.msg).toBe(0);
    return r.data[0].orderId as number;
  }
  const settle = async () => {
    for (let i = 0; i < 6; i++) {
      await db().execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);
      await runner.runOnce();
    }
  };

  it('records when a withdrawal finishes, and shows the median and 95th percentile delivery time and the failed share of 7 days', async () => {
    const delivered = [await withdraw(GOOD), await withdraw(GOOD), await withdraw(GOOD), await withdraw(GOOD)];
    const failed = await withdraw(FAILING);
    const pending = await withdraw(GOOD);
    await settle();
    const rows = await queryRows<{ id: unknown; state: unknown; finished_at: unknown }>(
      db(),
      sql`SELECT id, state, finished_at FROM retrievals ORDER BY id`,
    );
    const stateOf = (id: number) => rows.find((r) => toInt(r.id) === id)!;
    for (const id of delivered) expect(toInt(stateOf(id).state)).toBe(3);
    expect(toInt(stateOf(failed).state)).toBe(4);
    for (const id of [...delivered, failed]) expect(stateOf(id).finished_at).not.toBeNull();
    // Known durations: 60 s, 120 s, 600 s; and one delivered 10 days ago, outside the window.
    const set = (id: number, finishedAgo: string, took: number) =>
      db().execute(
        sql`UPDATE retrievals SET finished_at = now() - ${finishedAgo}::interval,
              created_at = now() - ${finishedAgo}::interval - make_interval(secs => ${took}) WHERE id = ${id}`,
      );
    await set(delivered[0]!, '1 hour', 60);
    await set(delivered[1]!, '2 days', 120);
    await set(delivered[2]!, '6 days', 600);
    await set(delivered[3]!, '10 days', 5);
    await set(failed, '1 day', 30);
    // A withdrawal still under way (its job not run), requested now.
    await db().execute(sql`UPDATE retrievals SET state = 0, finished_at = NULL WHERE id = ${pending}`);

    const data = await fresh('/api/transparency/withdrawals');
    expect(data).toMatchObject({
      days: 7,
      delivered: 3,
      failed: 1,
      inProgress: 1,
      medianSeconds: 120,
      // percentile_cont: 120 + 0.9 × (600 − 120).
      p95Seconds: 552,
      failedShare: 0.25,
    });
  });
});
