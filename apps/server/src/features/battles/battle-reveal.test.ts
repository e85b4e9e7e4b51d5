import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { EventType } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { drawBattle } from './draw.js';

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
    expect(t.published.slice(before).filter((m) => m.eventType === EventType.BATTLE_DROP)).toHaveLength(1);
  });
});
