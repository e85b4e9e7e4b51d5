import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { BATTLE_ROUND_MS, EventType } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { drawBattle } from './draw.js';
import { BATTLE_REVEAL_JOB, battleRevealJob } from './index.js';
import { runRevealJobs } from './reveal-job.test-helpers.js';

/**
 * Issue 24 §14 (decision 0049): the room reveals a battle one round at a time; nothing public tells its
 * outcome earlier (the drop feed, the lists, the user card, the bots' records), and a private room's drops
 * are never public. Time passing is the battle's end moved back, as the room's clock would see it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;
/** Ten rounds: the room takes 36 s to show them all, far longer than the reads below. */
const ROUNDS = 10;
const readyBeacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({
    round,
    randomness: localBeaconRandomness(round),
    signature: null,
    source: 'local',
  }),
};

type Player = { id: number; token: string };
async function player(): Promise<Player> {
  const user = await givenUser(db(), { coinsFen: 100_000_000 });
  return { id: user.id, token: await givenSession(db(), user.id) };
}

/** A full room (a second player, or a bot), settled at `nowMs`. */
async function settled(opts: { password?: string; bot?: boolean; nowMs?: number } = {}) {
  const [a, b] = [await player(), await player()];
  const created = await call(
    t.app,
    'POST',
    '/api/battle/create',
    {
      boxLists: Array(ROUNDS).fill(BOX).join(','),
      countCustomer: 2,
      ...(opts.password ? { password: opts.password } : {}),
    },
    a.token,
  );
  expect(created.status).toBe(0);
  const code = created.data.battleCode as string;
  const joined = opts.bot
    ? await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: code }, a.token)
    : await call(
        t.app,
        'POST',
        '/api/battle/joinBattle',
        { battleCode: code, ...(opts.password ? { password: opts.password } : {}) },
        b.token,
      );
  expect(joined.status).toBe(0);
  const id = created.data.id as number;
  const outcome = await runInTransaction(db(), (scope) =>
    drawBattle({ db: db(), live: t.live, beacon: readyBeacon }, scope, id, opts.nowMs ?? Date.now()),
  );
  expect(outcome).toBe('ended');
  const [row] = await queryRows<{ winner_seat: unknown }>(db(), sql`SELECT winner_seat FROM battles WHERE id = ${id}`);
  const winner = toInt(row!.winner_seat) === 1 ? a : b;
  return { id, code, a, b, winner, botId: opts.bot ? (joined.data.customerList[1].botId as number) : null };
}

/** The clock moves past the reveal: the battle ended ten minutes ago, so did its feed rows' wait. */
async function revealOver(id: number) {
  await db().execute(sql`UPDATE battles SET ended_at = ended_at - interval '10 minutes' WHERE id = ${id}`);
  await db().execute(
    sql`UPDATE live_drops SET public_from = public_from - interval '10 minutes' WHERE source_type = 23 AND source_id = ${id}`,
  );
}

const feedOf = async (battleId: number, isTop = false) =>
  (
    (await call(t.app, 'GET', '/api/stat/lastDrop', { limit: 20, isTop })).data as Array<{
      sourceType: number;
      sourceId: number;
    }>
  ).filter((d) => d.sourceType === EventType.BATTLE_DROP && d.sourceId === battleId);
const cardOf = async (userId: number) => (await call(t.app, 'GET', '/api/user/publicCard', { userId })).data;
const listed = async (code: string) =>
  (
    (await call(t.app, 'GET', '/api/battle/getList', { state: -1, pageSize: 100 })).data.pageData as Array<{
      battleCode: string;
      winnerPos: number | null;
    }>
  ).find((b) => b.battleCode === code);
const botRecord = async (botId: number) =>
  ((await call(t.app, 'POST', '/api/battle/getBots')).data as Array<{ botId: number; played: number }>).find((b) => b.botId === botId)!;

describe('a battle being revealed', () => {
  it('is in no public feed, list or card until its reveal ends; then its drops and result appear', async () => {
    const b = await settled();
    // A page load during the reveal.
    expect(await feedOf(b.id)).toEqual([]);
    expect(await feedOf(b.id, true)).toEqual([]);
    expect(await listed(b.code)).toMatchObject({ winnerPos: null });
    const results = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: b.code })).data;
    expect(results).toMatchObject({ winnerPos: null, serverSeed: null });
    expect(results.rolls.every((r: { round: number }) => r.round < ROUNDS)).toBe(true);
    expect(await cardOf(b.winner.id)).toMatchObject({ bestDrops: [], battles: { played: 0, won: 0 } });

    await revealOver(b.id);
    expect(await feedOf(b.id)).toHaveLength(ROUNDS * 2);
    expect(await listed(b.code)).toMatchObject({ winnerPos: b.winner === b.a ? 1 : 2 });
    const card = await cardOf(b.winner.id);
    expect(card.battles).toEqual({ played: 1, won: 1 });
    expect(card.bestDrops.length).toBeGreaterThan(0);
  });

  it('counts in a bot’s public record only once revealed', async () => {
    const b = await settled({ bot: true });
    const during = await botRecord(b.botId!);
    await revealOver(b.id);
    expect((await botRecord(b.botId!)).played).toBe(during.played + 1);
  });
});

describe('a private battle', () => {
  it('never puts its drops in the public feed, the winner’s card or event 23, even after the reveal', async () => {
    const before = t.published.length;
    const b = await settled({ password: 'open-sesame', nowMs: Date.now() - 600_000 });
    expect(await feedOf(b.id)).toEqual([]);
    expect(await cardOf(b.winner.id)).toMatchObject({ bestDrops: [] });
    expect(t.published.slice(before).filter((m) => m.eventType === EventType.BATTLE_DROP)).toEqual([]);
    // The winner still has the items: only their publication is withheld.
    const bag = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { pageSize: 100 }, b.winner.token)).data;
    expect(bag.totalRows).toBe(ROUNDS * 2);
  });

  it('a public battle settled as long ago shows its drops and sends event 23 (the same path, for contrast)', async () => {
    const before = t.published.length;
    const b = await settled({ nowMs: Date.now() - 600_000 });
    expect(await feedOf(b.id)).toHaveLength(ROUNDS * 2);
    await runRevealJobs(db(), t.live, b.id);
    expect(t.published.slice(before).filter((m) => m.eventType === EventType.BATTLE_DROP)).toHaveLength(1);
  });

  it('schedules no reveal job: nothing of it is pushed', async () => {
    const b = await settled({ password: 'open-sesame', nowMs: Date.now() - 600_000 });
    expect(await revealJobs(b.id)).toEqual([]);
  });
});

/** The battle's reveal jobs: which round, when due, done or not. */
const revealJobs = (battleId: number) =>
  queryRows<{ round: unknown; run_at: unknown; state: string }>(
    db(),
    sql`SELECT payload->>'round' AS round, run_at, state FROM jobs
        WHERE kind = ${BATTLE_REVEAL_JOB} AND payload->>'battleId' = ${String(battleId)} ORDER BY run_at, id`,
  );

/** Issue 26: the room's pushes are durable jobs, so a node that dies during the reveal loses none of them. */
describe('the reveal’s pushes', () => {
  it('go out from one job per round: rounds 1..N in order, the winner and seed last, then the drops once', async () => {
    const b = await settled({ nowMs: Date.now() - 600_000 });
    // The draw committed only round 1's job, due at the battle's end; its commit pushed nothing.
    const [first] = await revealJobs(b.id);
    expect(first).toMatchObject({ round: '1', state: 'pending' });
    const before = t.published.length;
    expect(await runRevealJobs(db(), t.live, b.id)).toBe(ROUNDS);
    const mine = t.published.slice(before).filter((m) => (m.data as { id?: number }).id === b.id || m.eventType === EventType.BATTLE_DROP);
    const rounds = mine
      .filter((m) => m.eventType === EventType.BATTLE_STATE)
      .map((m) => m.data as { revealedRounds: number; rolls: unknown[]; winnerPos: number | null; serverSeed: string | null });
    expect(rounds.map((r) => [r.revealedRounds, r.rolls.length])).toEqual(Array.from({ length: ROUNDS }, (_, i) => [i + 1, 2 * (i + 1)]));
    expect(rounds.slice(0, -1).every((r) => r.winnerPos === null && r.serverSeed === null)).toBe(true);
    expect(rounds.at(-1)).toMatchObject({ winnerPos: b.winner === b.a ? 1 : 2, serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The winner's drops: one event 23, after the last round, with every item of the battle.
    expect(mine.at(-1)!.eventType).toBe(EventType.BATTLE_DROP);
    const drops = mine
      .filter((m) => m.eventType === EventType.BATTLE_DROP)
      .map((m) => m.data as Array<{ sourceId: number; userId: number }>);
    expect(drops).toHaveLength(1);
    expect(drops[0]!).toHaveLength(ROUNDS * 2);
    expect(drops[0]!.every((d) => d.sourceId === b.id && d.userId === b.winner.id)).toBe(true);
    // Each next round was due BATTLE_ROUND_MS after the one before, and every job is done.
    const jobs = await revealJobs(b.id);
    expect(jobs.map((j) => [Number(j.round), j.state])).toEqual(Array.from({ length: ROUNDS }, (_, i) => [i + 1, 'done']));
    const due = jobs.map((j) => new Date(String(j.run_at)).getTime());
    expect(due.slice(1).map((ms, i) => ms - due[i]!)).toEqual(Array(ROUNDS - 1).fill(BATTLE_ROUND_MS));
    expect(await runRevealJobs(db(), t.live, b.id)).toBe(0);
  });

  it('a round’s job run twice (a re-run after a lost lease) schedules the next round once', async () => {
    const b = await settled({ nowMs: Date.now() - 600_000 });
    const handler = battleRevealJob({ live: t.live });
    const job = { id: 0, kind: BATTLE_REVEAL_JOB, payload: { battleId: b.id, round: 1 }, attempts: 1, maxAttempts: 8 };
    for (let run = 0; run < 2; run++) await runInTransaction(db(), (scope) => handler(job.payload, scope, job));
    expect((await revealJobs(b.id)).map((j) => j.round)).toEqual(['1', '2']);
  });
});
