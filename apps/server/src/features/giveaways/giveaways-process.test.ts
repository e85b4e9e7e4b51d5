import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { giveawayDraw, giveawayEntriesHash, publicHash, roundAt, roundTime } from '@skinfair/fairness';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { type ServerProcess } from '../../testing/server-process.js';
import { processPool, unlimited } from '../../testing/process-pool.js';
import type { Db } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { grantItems } from '../backpack/index.js';
import { insertOfficialGiveaway } from './rooms.js';

/**
 * Issue 14: a giveaway's draw against real server processes on PostgreSQL. The server is killed (-9) a
 * second before the rooms' open time and two nodes start after it: each room is frozen and drawn once, the
 * winners follow from what the rooms publish (entry list, entries hash, beacon, seed), and every prize
 * reaches its winner's backpack once. PGlite keeps its database to one process, so this needs
 * TEST_DATABASE_URL.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const pool = processPool({ ...unlimited, SEED_DEMO: 'false', JOBS_ENABLED: 'true', JOBS_POLL_MS: '100' });

interface Player {
  id: number;
  token: string;
}
// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = { status: number; msg: string; data: any };

const server = (env: Record<string, string>) => pool.server(env);

async function api(s: ServerProcess, method: 'GET' | 'POST', path: string, params: Record<string, unknown>, token?: string): Promise<Json> {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = token ? { token } : {};
  const res =
    method === 'GET'
      ? await fetch(`${s.url}${path}?${form}`, { headers })
      : await fetch(`${s.url}${path}`, {
          method,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        });
  return (await res.json()) as Json;
}

async function ok(s: ServerProcess, method: 'GET' | 'POST', path: string, params: Record<string, unknown>, token?: string) {
  const body = await api(s, method, path, params, token);
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

async function givenPlayers(db: Db, n: number): Promise<Player[]> {
  const players = await Promise.all(
    Array.from({ length: n }, async () => {
      const user = await givenUser(db);
      return { id: user.id, token: await givenSession(db, user.id) };
    }),
  );
  await db.execute(sql`UPDATE users SET verified_at = now() WHERE id IN ${sql.raw(`(${players.map((p) => p.id).join(',')})`)}`);
  return players;
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string, everyMs = 50) {
  const started = Date.now();
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const count = async (db: Db, query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db, query))[0]?.n);
const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

describe.runIf(adminUrl)('giveaways against real processes on PostgreSQL (issue 14)', () => {
  it('kill -9 a second before the open time, two nodes after it: each room drawn once, re-derivable, credited once', async () => {
    const made = await pool.database(adminUrl!);
    const db = made.database.db;
    const env = { DATABASE_URL: made.url };
    const a = await server(env);
    const players = await givenPlayers(db, 24);
    const [host, ...others] = players;

    // The rooms open 8 s from now: an official room of 3 shop units and a player's room of 3 escrowed items.
    const openTime = new Date(Date.now() + 8_000);
    const [line] = await queryRows<{ id: unknown }>(db, sql`SELECT id FROM shop_stock WHERE stock >= 3 ORDER BY id LIMIT 1`);
    const stockId = toInt(line!.id);
    const stockBefore = await count(db, sql`SELECT stock AS n FROM shop_stock WHERE id = ${stockId}`);
    const officialId = (
      await runInTransaction(db, ({ tx }) =>
        insertOfficialGiveaway(tx, null, { title: '官方进程测试', openTime, stockIds: [stockId, stockId, stockId] }),
      )
    ).id;
    const items = await queryRows<{ id: unknown; p: unknown }>(db, sql`SELECT id, recovery_price_fen AS p FROM items ORDER BY id LIMIT 3`);
    const vouchers = (
      await runInTransaction(db, ({ tx }) =>
        grantItems(
          tx,
          host!.id,
          items.map((i) => ({ itemId: toInt(i.id), recoveryPriceFen: toInt(i.p) })),
          { sourceType: 'case', sourceId: null },
        ),
      )
    ).map((r) => r.id);
    const own = await ok(
      a,
      'POST',
      '/api/giveaway/create',
      { title: '玩家进程测试', vouchers: vouchers.join(','), openTime: new Date(Date.now() + 20 * 60_000).toISOString() },
      host!.token,
    );
    // The contract's ten minutes at least, moved here to the same open time (and its jobs with it).
    const round = roundAt(Math.floor(openTime.getTime() / 1000)) + 3;
    await db.execute(
      sql`UPDATE giveaways SET open_time = ${openTime.toISOString()}::timestamptz, target_round = ${round} WHERE id = ${own.id}`,
    );
    await db.execute(
      sql`UPDATE jobs SET run_at = ${openTime.toISOString()}::timestamptz WHERE kind = 'giveaway.freeze' AND payload->>'giveawayId' = ${String(own.id)}`,
    );
    await db.execute(
      sql`UPDATE jobs SET run_at = ${new Date(roundTime(round) * 1000).toISOString()}::timestamptz WHERE kind = 'giveaway.draw' AND payload->>'giveawayId' = ${String(own.id)}`,
    );
    const rooms = [officialId, own.id as number];

    for (const p of others) expect(await ok(a, 'POST', '/api/giveaway/partake', { giveawayId: officialId }, p.token)).toBe(true);
    for (const p of others.slice(0, 10)) expect(await ok(a, 'POST', '/api/giveaway/partake', { giveawayId: own.id }, p.token)).toBe(true);

    await sleepUntil(openTime.getTime() - 1_000);
    a.child.kill('SIGKILL');
    expect((await a.exited).signal).toBe('SIGKILL');
    expect(await count(db, sql`SELECT count(*) AS n FROM giveaways WHERE state <> 'running'`)).toBe(0);
    // After the open time and the beacon round's time: both jobs of each room are due when the nodes start.
    await sleepUntil(roundTime(round) * 1000 + 500);
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE state = 'pending' AND locked_until > now()`);
    const [b] = await Promise.all([server(env), server(env)]);
    await until(
      async () => (await count(db, sql`SELECT count(*) AS n FROM giveaways WHERE state = 'running'`)) === 0,
      60_000,
      'both rooms drawn',
    );

    for (const id of rooms) {
      const room = await ok(b!, 'GET', '/api/giveaway/detail', { giveawayId: id });
      const entries = (await ok(b!, 'GET', '/api/giveaway/partakeList', { giveawayId: id })) as Array<{ entryNo: number; userId: number }>;
      // What anyone can check from the published data alone.
      expect(room.state).toBe(2);
      expect(publicHash(room.serverSeed, room.secretSalt)).toBe(room.publicHash);
      expect(room.targetRound).toBe(round);
      expect(room.entryCount).toBe(entries.length);
      expect(giveawayEntriesHash(entries)).toBe(room.entriesHash);
      const trace = giveawayDraw(
        room.serverSeed,
        { giveawayId: id, round: room.targetRound, randomness: room.randomness, entriesHash: room.entriesHash },
        room.entryCount,
        room.giftCount,
      );
      const userOf = new Map(entries.map((e) => [e.entryNo, e.userId]));
      expect(room.giftVos.map((g: { winnerEntryNo: number; winnerInfo: { id: number } }) => [g.winnerEntryNo, g.winnerInfo.id])).toEqual(
        trace.winners.map((n) => [n, userOf.get(n)]),
      );
      // Drawn once: one freeze and one draw job done, one backpack row and one message per prize won.
      expect(await count(db, sql`SELECT count(*) AS n FROM jobs WHERE payload->>'giveawayId' = ${String(id)} AND state = 'done'`)).toBe(2);
      expect(await count(db, sql`SELECT count(*) AS n FROM inventory_items WHERE source_type = 'giveaway' AND source_id = ${id}`)).toBe(3);
      expect(
        await count(
          db,
          sql`SELECT count(*) AS n FROM giveaway_prizes p JOIN inventory_items i ON i.id = p.granted_inventory_id
              WHERE p.giveaway_id = ${id} AND i.user_id = p.winner_user_id AND i.item_id = p.item_id AND i.state = 'in_backpack'`,
        ),
      ).toBe(3);
    }
    expect(await count(db, sql`SELECT count(*) AS n FROM giveaway_entries WHERE giveaway_id = ${officialId}`)).toBe(23);
    // Each winner's backpack holds exactly what they won, and one message per room they won in.
    const wonBy = new Map<number, number>();
    const won = await queryRows<{ winner_user_id: unknown; giveaway_id: unknown }>(
      db,
      sql`SELECT winner_user_id, giveaway_id FROM giveaway_prizes WHERE giveaway_id IN (${officialId}, ${own.id})`,
    );
    for (const w of won) wonBy.set(toInt(w.winner_user_id), (wonBy.get(toInt(w.winner_user_id)) ?? 0) + 1);
    for (const p of others) {
      const bag = await ok(b!, 'GET', '/api/personalCenter/getMyOrnamentPage', { state: 0 }, p.token);
      expect(bag.totalRows).toBe(wonBy.get(p.id) ?? 0);
    }
    const messages = await count(db, sql`SELECT count(*) AS n FROM messages WHERE title = '福利屋中奖通知'`);
    expect(messages).toBe(new Set(won.map((w) => `${toInt(w.giveaway_id)}/${toInt(w.winner_user_id)}`)).size);
    // The escrow was spent once (each item used, none back with the host) and the stock taken once.
    expect(
      (await queryRows<{ state: string }>(db, sql`SELECT state FROM inventory_items WHERE id IN (${sql.raw(vouchers.join(','))})`)).map(
        (r) => r.state,
      ),
    ).toEqual(['used', 'used', 'used']);
    expect(await count(db, sql`SELECT stock AS n FROM shop_stock WHERE id = ${stockId}`)).toBe(stockBefore - 3);
    await expectBooksBalanced(db);
  }, 120_000);
});
