/**
 * Battle settlement benchmark (issue 12): the draw-and-settle transaction of a 4-seat, 20-box battle
 * (80 rolls, 80 backpack items with their history rows, 80 feed rows, the battle row) through the
 * product's code, next to the raw database time of the same writes in the same run (plain multi-row
 * INSERTs into copies of the same tables, and the one UPDATE). Usage:
 *   npx tsx bench/battle-settle.ts                      # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/battle-settle.ts
 * Then: battles created, filled and settled per second by BENCH_PLAYERS players (default 200) in pairs,
 * each pair a worker creating a 2-seat 3-box battle, joining it and settling it, for BENCH_SECONDS.
 * Options: BENCH_BATTLES (default 40), BENCH_PLAYERS (200), BENCH_SECONDS (5).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { measure, openBenchDatabase } from './support.js';
import { runInTransaction } from '../apps/server/src/platform/db/tx.js';
import { credit } from '../apps/server/src/platform/ledger/index.js';
import { createUser } from '../apps/server/src/features/users/index.js';
import { ensurePairs } from '../apps/server/src/features/fairness/index.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { createBattle, joinBattle } from '../apps/server/src/features/battles/rooms.js';
import { drawBattle } from '../apps/server/src/features/battles/draw.js';
import type { BeaconProvider } from '../apps/server/src/platform/providers/beacon.js';

const battles = Number(process.env.BENCH_BATTLES ?? 40);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const adminUrl = process.env.BENCH_DATABASE_URL;
const BOXES = 20;
const SEATS = 4;

const beacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({
    round,
    randomness: localBeaconRandomness(round),
    signature: null,
    source: 'local',
  }),
};
const live = { publish() {}, onlineCount: () => 0 };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function main() {
  const { database, cleanup } = await openBenchDatabase(adminUrl);
  const db = database.db;
  await database.migrate();
  await ensureBaseRows(db);
  const ctx = { db, live, hash: (_: string, v: string) => v };
  const players: number[] = [];
  for (let i = 0; i < Math.max(SEATS, playerCount); i++) {
    players.push(
      await runInTransaction(db, async ({ tx }) => {
        const u = await createUser(tx, { nickname: `bench${i}` });
        // A seat snapshots the player's client seed, which the browser gives (issue 24 §13).
        await ensurePairs(tx, u.id, `bench-seed-${i}`);
        await credit(tx, {
          userId: u.id,
          kind: 'coin',
          amountFen: 1_000_000_000_00,
          from: 'promotions',
          code: 'demo_credit',
        });
        return u.id;
      }),
    );
  }
  const boxRows = (await db.execute(sql`SELECT id FROM boxes WHERE enabled AND box_type = 1 ORDER BY id LIMIT 5`)) as unknown as {
    rows: Array<{ id: unknown }>;
  };
  const boxIds = Array.from({ length: BOXES }, (_, i) => Number(boxRows.rows[i % boxRows.rows.length]!.id));

  // Raw: the same rows into copies of the same tables, one multi-row INSERT each, plus the battle UPDATE.
  for (const t of ['battle_rolls', 'inventory_items', 'inventory_events', 'live_drops']) {
    await db.execute(sql.raw(`CREATE TABLE bench_${t} (LIKE ${t} INCLUDING ALL)`));
  }
  const n = BOXES * SEATS;
  const raw: number[] = [];
  const settle: number[] = [];
  const drawOnly: number[] = [];
  for (let b = 0; b < battles; b++) {
    const created = await createBattle(ctx, players[0]!, { boxIds, seats: SEATS, mode: 0 });
    for (let s = 1; s < SEATS; s++) await joinBattle(ctx, players[s]!, created.battleCode, 0);
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`UPDATE battles SET title = title WHERE id = ${created.id}`));
      await tx.execute(
        sql.raw(`INSERT INTO bench_battle_rolls (battle_id, round, seat, roll_code, range_low, range_high, item_id, value_fen)
        SELECT ${created.id}, g / ${SEATS} + 1, g % ${SEATS} + 1, 1, 1, 1, 1, 1 FROM generate_series(0, ${n - 1}) g`),
      );
      await tx.execute(
        sql.raw(`WITH inv AS (INSERT INTO bench_inventory_items (user_id, item_id, source_type, source_id, recovery_price_fen)
        SELECT ${players[0]}, 1, 'battle', ${created.id}, 1 FROM generate_series(1, ${n}) RETURNING id)
        INSERT INTO bench_inventory_events (inventory_item_id, to_state, reason) SELECT id, 'in_backpack', 'battle' FROM inv`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO bench_live_drops (nickname, gift_name, grade, recovery_price_fen, source_type, source_id)
        SELECT 'x', 'x', 3, 1, 23, ${created.id} FROM generate_series(1, ${n})`),
      );
    });
    raw.push(performance.now() - t0);
    const t1 = performance.now();
    await runInTransaction(db, async (scope) => {
      await drawBattle({ db, live, beacon }, scope, created.id, Date.now() - 600_000);
      drawOnly.push(performance.now() - t1);
    });
    settle.push(performance.now() - t1);
  }
  const fmt = (xs: number[]) => `${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.99).toFixed(1)}`;
  console.log(`engine=${database.engine} cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} battles=${battles}`);
  console.log('what | p50 ms | p99 ms');
  console.log(`raw writes of a settlement (4 statements) | ${fmt(raw)}`);
  console.log(`draw and settle statements, before COMMIT | ${fmt(drawOnly)}`);
  console.log(`settle a 4-seat 20-box battle, with COMMIT and the round events built after it | ${fmt(settle)}`);
  console.log(`ratio settle/raw at p50: ${(pct(settle, 0.5) / pct(raw, 0.5)).toFixed(2)}`);

  const pairs = Math.floor(playerCount / 2);
  const small = boxIds.slice(0, 3);
  const done = await measure(pairs, seconds, async (w) => {
    const made = await createBattle(ctx, players[2 * w]!, { boxIds: small, seats: 2, mode: w % 2 });
    await joinBattle(ctx, players[2 * w + 1]!, made.battleCode, 0);
    await runInTransaction(db, (scope) => drawBattle({ db, live, beacon }, scope, made.id, Date.now() - 600_000));
  });
  console.log(
    `${playerCount} players in ${pairs} pairs: ${done.perSecond.toFixed(1)} battles/s created, filled and settled (2 seats, 3 boxes); one battle p50 ${done.p50.toFixed(1)} ms, p99 ${done.p99.toFixed(1)} ms`,
  );
  await cleanup();
}

void main();
