/**
 * Giveaway rooms (福利屋, issue 14): joins per second over HTTP against the server in its own process (the
 * load comes from this process: one keep-alive connection and one token per player), then the freeze and
 * the draw of rooms of 10,000 entries through the product's code.
 *
 *   npx tsx bench/giveaway.ts                                                            # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/giveaway.ts
 *
 * Every player joins the rooms in the same order, one after the other, so at any moment nearly all of
 * them want the same room: the hot-room case, where each join queues on that room's row lock.
 * Options: BENCH_SECONDS (10), BENCH_PLAYERS (200), BENCH_ENTRIES (10000), BENCH_DRAWS (5), BENCH_PRIZES (10),
 * BENCH_ROOMS (rooms made beforehand; by default enough for every player at ~2,500 joins a second).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { openBenchDatabase } from './support.js';
import { closedLoop, openLoop, type DriveResult } from './load/drive.js';
import { formPost, type Answer } from './load/keep-alive-client.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { startServerProcess } from '../apps/server/src/testing/server-process.js';
import { runInTransaction } from '../apps/server/src/platform/db/tx.js';
import type { Database } from '../apps/server/src/platform/db/client.js';
import type { BeaconProvider } from '../apps/server/src/platform/providers/beacon.js';
import { insertOfficialGiveaway } from '../apps/server/src/features/giveaways/rooms.js';
import { drawGiveaway, freezeGiveaway } from '../apps/server/src/features/giveaways/draw.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 200);
const entries = Number(process.env.BENCH_ENTRIES ?? 10_000);
const draws = Number(process.env.BENCH_DRAWS ?? 5);
const prizes = Number(process.env.BENCH_PRIZES ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL;
/** Enough rooms that no player runs out in the warm-up and both loops (at up to ~2,500 joins a second). */
const ROOMS = Number(process.env.BENCH_ROOMS ?? Math.ceil((2_500 * (Math.min(4, seconds) + 2 * seconds)) / playerCount));

const beacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({ round, randomness: localBeaconRandomness(round), signature: null, source: 'local' }),
};
const live = { publish() {}, onlineCount: () => 0 };
const rows = async <T>(database: Database, q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function officialRooms(database: Database, n: number, openInMs: number, prizeCount: number): Promise<number[]> {
  const [line] = await rows<{ id: unknown }>(database, sql`SELECT id FROM shop_stock ORDER BY id LIMIT 1`);
  // The bench's own database: the house has plenty of that item.
  await database.db.execute(sql`UPDATE shop_stock SET stock = 100000000 WHERE id = ${Number(line!.id)}`);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const room = await runInTransaction(database.db, ({ tx }) =>
      insertOfficialGiveaway(tx, null, {
        title: `bench ${i}`,
        openTime: new Date(Date.now() + openInMs),
        stockIds: Array(prizeCount).fill(Number(line!.id)),
      }),
    );
    ids.push(room.id);
  }
  return ids;
}

const fmt = (r: DriveResult) =>
  `${r.perSecond.toFixed(0)}/s p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms max ${r.max.toFixed(0)} ms${r.failed ? ` (${r.failed} failed: ${r.firstFailure})` : ''}`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function joinsOverHttp(): Promise<void> {
  execFileSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const dataDir = adminUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-bench-'));
  const opened = await openBenchDatabase(adminUrl, { poolSize: 4, ...(dataDir ? { pgliteDir: path.join(dataDir, 'pg') } : {}) });
  const { database } = opened;
  try {
    await database.migrate();
    await ensureBaseRows(database.db);
    const tokens: string[] = [];
    for (let i = 0; i < playerCount; i++) {
      const user = await givenUser(database.db, {});
      tokens.push(await givenSession(database.db, user.id));
    }
    await database.db.execute(sql`UPDATE users SET verified_at = now()`);
    const rooms = await officialRooms(database, ROOMS, 3_600_000, 1);
    if (dataDir) await database.close();
    const env: Record<string, string> = opened.url ? { DATABASE_URL: opened.url } : { DATA_DIR: dataDir! };
    const server = await startServerProcess(
      {
        ...env,
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        SEED_DEMO: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
        MONEY_CALLS_PER_USER_PER_SECOND: '1000000',
        MONEY_CALLS_IN_FLIGHT_PER_USER: '1000',
        TOKEN_CALLS_PER_SECOND: '1000000',
        SHED_POOL_WAITING: '100000',
        SHED_EVENT_LOOP_DELAY_MS: '0',
      },
      {},
    );
    try {
      await server.ready();
      // Player i's k-th request joins room k: each join is new, and everyone is on the same few rooms.
      const nextRoom = tokens.map(() => 0);
      const next = (i: number) => {
        const k = nextRoom[i]!;
        nextRoom[i] = k + 1;
        const room = rooms[k % rooms.length]!;
        return formPost('/api/giveaway/partake', { token: tokens[i]! }, `giveawayId=${room}`);
      };
      const isOk = (a: Answer) => a.statusCode === 200 && a.body.startsWith('{"status":0');
      await closedLoop(server.port, playerCount, next, Math.min(4, seconds), isOk); // warm-up
      const max = await closedLoop(server.port, playerCount, next, seconds, isOk);
      console.log(`joins, closed loop, ${playerCount} players on the same rooms: ${fmt(max)}`);
      const rate = Math.max(1, Math.round(max.perSecond * 0.5));
      const steady = await openLoop(server.port, playerCount, next, rate, seconds, isOk);
      console.log(`joins, open loop at ${rate}/s (0.5 × max): ${fmt(steady)}`);
      if (Math.max(...nextRoom) >= rooms.length) console.log('warning: players ran out of rooms (raise ROOMS)');
    } finally {
      await server.stop();
    }
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    else await opened.cleanup();
  }
}

/** Freeze (hash of n entries) and draw (beacon, Fisher–Yates, prizes, messages) of rooms of n entries. */
async function drawTimes(): Promise<void> {
  const { database, cleanup } = await openBenchDatabase(adminUrl);
  try {
    await database.migrate();
    await ensureBaseRows(database.db);
    await database.db.execute(sql`INSERT INTO users (nickname) SELECT 'bench' || g FROM generate_series(1, ${entries}) g`);
    const users = (await rows<{ id: unknown }>(database, sql`SELECT id FROM users ORDER BY id DESC LIMIT ${entries}`)).map((r) =>
      Number(r.id),
    );
    const rooms = await officialRooms(database, draws, 3_600_000, prizes);
    const freezeMs: number[] = [];
    const drawMs: number[] = [];
    for (const id of rooms) {
      await database.db.execute(sql`INSERT INTO giveaway_entries (giveaway_id, entry_no, user_id)
        SELECT ${id}, g, (${sql.raw(`ARRAY[${users.join(',')}]::bigint[]`)})[g] FROM generate_series(1, ${entries}) g`);
      await database.db.execute(sql`UPDATE giveaways SET entry_seq = ${entries} WHERE id = ${id}`);
      const at = Date.now() + 3_600_000 + 10_000;
      let t0 = performance.now();
      await runInTransaction(database.db, (scope) => freezeGiveaway({ db: database.db, live }, scope, id, at));
      freezeMs.push(performance.now() - t0);
      t0 = performance.now();
      const outcome = await runInTransaction(database.db, (scope) => drawGiveaway({ db: database.db, live, beacon }, scope, id, at));
      drawMs.push(performance.now() - t0);
      if (outcome !== 'drawn') throw new Error(`room ${id}: ${outcome}`);
    }
    console.log(
      `room of ${entries} entries, ${prizes} prizes (${draws} rooms): freeze p50 ${pct(freezeMs, 0.5).toFixed(1)} ms max ${Math.max(...freezeMs).toFixed(1)} ms; ` +
        `draw p50 ${pct(drawMs, 0.5).toFixed(1)} ms max ${Math.max(...drawMs).toFixed(1)} ms`,
    );
  } finally {
    await cleanup();
  }
}

async function main() {
  console.log(
    `# giveaways — ${new Date().toISOString()} ${adminUrl ? 'postgresql' : 'pglite'} cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} players=${playerCount} seconds=${seconds}`,
  );
  await joinsOverHttp();
  await drawTimes();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
