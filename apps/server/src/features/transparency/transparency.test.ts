import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness, dreamFee } from '@skinfair/fairness';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner, type JobRunner } from '../../platform/jobs/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { BATTLE_DRAW_JOB, battleDrawJob } from '../battles/index.js';
import { declaredFromOutcomes } from '../returns/index.js';
import { publicCache } from './service.js';

/**
 * Public transparency (issue 18, decision 0044), through HTTP as a guest. Plays go through the real paths
 * (openCase, battles with the draw, startUpgrade, withdrawals with the fulfilment job); the windows are
 * tested by moving records' times back, the way time would. Each figure is compared with sums taken from
 * the records and the API answers of the plays themselves.
 */

let t: TestApp;
let runner: JobRunner;
const silent = { info() {}, warn() {}, error() {} };
beforeAll(async () => {
  t = await buildTestApp({ env: { FULFILMENT_STEP_MS: '0' } });
  runner = createJobRunner({ db: db(), logger: silent, pollMs: 60_000, nodeId: 'transparency-test' });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { userId: number; token: string };
async function player(coinsFen: number): Promise<Player> {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

/** The public answer now: the app's own answers are cached for a minute, so a new app on the same database reads afresh. */
async function fresh(url: string, params: Record<string, unknown> = {}) {
  const other = await buildTestApp({ database: t.database });
  try {
    const res = await call(other.app, 'GET', url, params);
    expect(res.status, res.msg).toBe(0);
    return res.data;
  } finally {
    await other.close();
  }
}
const game = (data: { games: Array<{ game: string }> }, name: string) =>
  data.games.find((g) => g.game === name) as unknown as Record<string, number | null | object>;
async function gamesAllWindows() {
  const out: Record<string, { games: Array<{ game: string }> }> = {};
  const other = await buildTestApp({ database: t.database });
  try {
    for (const window of ['24h', '30d', 'all']) {
      const res = await call(other.app, 'GET', '/api/transparency/games', { window });
      expect(res.status, res.msg).toBe(0);
      out[window] = res.data;
    }
  } finally {
    await other.close();
  }
  return out as Record<'24h' | '30d' | 'all', { games: Array<{ game: string }> }>;
}

let boxId: number;
let boxPrice: number;
beforeAll(async () => {
  const [box] = await queryRows<{ id: unknown; price_fen: unknown }>(
    db(),
    sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled AND battle_eligible ORDER BY price_fen, id LIMIT 1`,
  );
  boxId = toInt(box!.id);
  boxPrice = toInt(box!.price_fen);
});

/** The box's declared figures from its drop list at today's prices (what the box page shows, decision 0033). */
async function declaredOfBox() {
  const drops = await queryRows<{ weight: unknown; price: unknown }>(
    db(),
    sql`SELECT d.weight, i.recovery_price_fen AS price FROM box_drops d
        JOIN boxes b ON b.id = d.box_id AND b.current_version = d.version
        JOIN items i ON i.id = d.item_id WHERE d.box_id = ${boxId}`,
  );
  const d = declaredFromOutcomes(
    drops.map((r) => ({ weight: toInt(r.weight), valueFen: toInt(r.price) })),
    boxPrice,
  )!;
  return { declaredReturn: d.mean, openingSd: Math.sqrt(d.variance) };
}

async function open(p: Player, number: number) {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number }, p.token);
  expect(res.status, res.msg).toBe(0);
  const won = (res.data.results as Array<{ recoveryPrice: number }>).reduce((s, r) => s + r.recoveryPrice, 0);
  return { won, paid: res.data.amountPaid as number, n: number };
}
/** Moves every record of `table` newer than a day back by `days` days (the clock moving on). */
const age = (table: 'rolls' | 'dreams', days: number) =>
  db().execute(
    sql`UPDATE ${sql.raw(table)} SET created_at = created_at - make_interval(days => ${days})
        WHERE created_at > now() - interval '1 day'`,
  );

describe('box openings', () => {
  it('realises, per window, exactly what the openings credited for what the ledger took, against the declared return', async () => {
    const p = await player(10_000_000);
    const old = await open(p, 3);
    await age('rolls', 40);
    const month = await open(p, 4);
    await age('rolls', 2);
    const today = await open(p, 5);
    // No coupons: the ledger took the list price of each opening.
    for (const o of [old, month, today]) expect(o.paid).toBe(o.n * boxPrice);

    const w = await gamesAllWindows();
    const expectBox = (g: Record<string, unknown>, parts: Array<typeof old>) => {
      const won = parts.reduce((s, o) => s + o.won, 0);
      const n = parts.reduce((s, o) => s + o.n, 0);
      expect(g).toMatchObject({ plays: n, wonFen: won, stakeFen: n * boxPrice });
      expect(g.realisedReturn as number).toBeCloseTo(won / (n * boxPrice), 6);
    };
    expectBox(game(w['24h'], 'box'), [today]);
    expectBox(game(w['30d'], 'box'), [month, today]);
    expectBox(game(w.all, 'box'), [old, month, today]);

    // The declared return is the box's (decision 0033), with the 95 % band around it.
    const page = await declaredOfBox();
    const g = game(w.all, 'box');
    expect(g.declaredReturn).toBeCloseTo(page.declaredReturn, 6);
    const se = (page.openingSd as number) / Math.sqrt(12);
    expect((g.band95 as { high: number }).high).toBeCloseTo(page.declaredReturn + 1.96 * se, 5);

    const boxes = await fresh('/api/transparency/boxes', { window: '30d', pageSize: 100 });
    const row = boxes.pageData.find((b: { boxId: number }) => b.boxId === boxId);
    expect(row).toMatchObject({ plays: 9, wonFen: month.won + today.won, priceFen: boxPrice });
    expect(row.declaredReturn).toBeCloseTo(page.declaredReturn, 6);
    // Boxes nobody opened are listed with what their odds declare and no realised figure.
    const other = boxes.pageData.find((b: { boxId: number; plays: number }) => b.boxId !== boxId);
    expect(other).toMatchObject({ plays: 0, realisedReturn: null, band95: null });
    expect(other.declaredReturn).toBeGreaterThan(0);
    expect(boxes).toMatchObject({ window: '30d', page: 1, totalRows: boxes.pageData.length });
    await expectBooksBalanced(db());
  });
});

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
  expect(await drawer.runOnce()).toBe(1);
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

describe('dreams', () => {
  it('declares each dream’s p·T/F and realises the targets won over the fees, per window', async () => {
    const [item] = await queryRows<{ id: unknown }>(
      db(),
      sql`UPDATE items SET recovery_price_fen = 100000 WHERE id = (SELECT id FROM items ORDER BY id DESC LIMIT 1) RETURNING id`,
    );
    const target = toInt(item!.id);
    const cfg = (await call(t.app, 'GET', '/api/upgrade/getUpgradeConfig')).data;
    const rate = cfg.returnRateBp as number;
    const p = await player(10_000_000);
    const dream = async (probability: number) => {
      const fee = dreamFee(100_000, probability, rate);
      const res = await call(
        t.app,
        'POST',
        '/api/upgrade/startUpgrade',
        { upgradeGiftId: target, probability, quantity: fee, vouchers: '' },
        p.token,
      );
      expect(res.status, res.msg).toBe(0);
      const [row] = await queryRows<{ won: boolean; fee_fen: unknown }>(
        db(),
        sql`SELECT won, fee_fen FROM dreams WHERE user_id = ${p.userId} ORDER BY id DESC LIMIT 1`,
      );
      return { probability, fee: toInt(row!.fee_fen), won: row!.won };
    };
    // Probabilities inside the configured bounds, spread over them.
    const lo = cfg.minProbability as number;
    const hi = cfg.maxProbability as number;
    const at = (f: number) => Math.round(lo + (hi - lo) * f);
    const old = [await dream(at(0.5)), await dream(at(0.2))];
    await age('dreams', 40);
    const recent = [await dream(at(0.5)), await dream(at(0.9)), await dream(at(0.3))];
    const w = await gamesAllWindows();
    const expectDreams = (g: Record<string, unknown>, list: typeof old) => {
      const n = list.length;
      const won = list.filter((d) => d.won).length * 100_000;
      const mean = list.reduce((s, d) => s + ((d.probability / 100_000) * 100_000) / d.fee, 0) / n;
      const variance = list.reduce((s, d) => s + (d.probability / 100_000) * (1 - d.probability / 100_000) * (100_000 / d.fee) ** 2, 0) / n;
      expect(g).toMatchObject({ plays: n, wonFen: won, stakeFen: list.reduce((s, d) => s + d.fee, 0) });
      expect(g.realisedReturn as number).toBeCloseTo(list.reduce((s, d) => s + (d.won ? 100_000 / d.fee : 0), 0) / n, 5);
      expect(g.declaredReturn as number).toBeCloseTo(mean, 5);
      expect(g.playSd as number).toBeCloseTo(Math.sqrt(variance), 5);
      // The fee is priced from the configured return rate: the declared return is that rate, to the fen.
      expect(g.declaredReturn as number).toBeCloseTo(rate / 10_000, 3);
    };
    // The other tests' dreams: none (this file makes dreams only here).
    expectDreams(game(w['24h'], 'dream'), recent);
    expectDreams(game(w['30d'], 'dream'), recent);
    expectDreams(game(w.all, 'dream'), [...old, ...recent]);
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

describe('the public routes', () => {
  it('answer guests, and refuse a bad window, page or unknown value in Chinese without a 500', async () => {
    for (const [url, params] of [
      ['/api/transparency/games', { window: '7d' }],
      ['/api/transparency/games', { window: '' }],
      ['/api/transparency/boxes', { window: 'year' }],
      ['/api/transparency/boxes', { page: 0 }],
      ['/api/transparency/boxes', { page: 'x' }],
      ['/api/transparency/boxes', { page: 1_000_001 }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, query: params as Record<string, string> });
      expect(res.statusCode, url).toBeLessThan(500);
      const body = res.json();
      expect(body.status, JSON.stringify(params)).toBe(errorStatus('PARAM_INVALID'));
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const big = await call(t.app, 'GET', '/api/transparency/boxes', { pageSize: 10_000 });
    expect(big.data.pageSize).toBe(100);
    for (const url of ['/api/transparency/withdrawals', '/api/transparency/bots', '/api/transparency/games']) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(0);
    }
  });

  it('reuse an answer for a minute per window, then compute it again', async () => {
    const first = await call(t.app, 'GET', '/api/transparency/games', { window: 'all' });
    await open(await player(100_000), 1);
    const again = await call(t.app, 'GET', '/api/transparency/games', { window: 'all' });
    expect(again.data).toEqual(first.data);
    const now = await fresh('/api/transparency/games', { window: 'all' });
    expect(game(now, 'box').plays).toBe((game(first.data, 'box').plays as number) + 1);

    let clock = 1_000_000;
    let computed = 0;
    const cache = publicCache<number>(60_000, () => clock);
    const get = (key: string) => cache(key, async () => ++computed);
    expect(await get('24h')).toBe(1);
    expect(await get('24h')).toBe(1);
    expect(await get('30d')).toBe(2);
    clock += 59_999;
    expect(await get('24h')).toBe(1);
    clock += 1;
    expect(await get('24h')).toBe(3);
    // A failure is not kept.
    const failing = publicCache<number>(60_000, () => clock);
    await expect(failing('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await failing('x', async () => 7)).toBe(7);
  });
});
