/**
 * Case-opening benchmark over HTTP: openings per second and p50/p99 latency at 1, 50 and 200 concurrent
 * players, next to the raw ceiling of the same database in the same run: one hand-written transaction
 * doing what an opening writes (conditional debit, inventory row, ledger row, roll row). Usage:
 *   npx tsx bench/open-box.ts                                            # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/open-box.ts
 * Options: BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default "1,50,200").
 * The load generator runs in the server's process, on the same 2 cores: figures are a floor.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createLiveHub } from '../apps/server/src/platform/live/index.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { measure, openBenchDatabase } from './support.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const levels = (process.env.BENCH_CONCURRENCY ?? '1,50,200').split(',').map(Number);
const BOX_ID = 3;

async function main() {
  const { database, cleanup } = await openBenchDatabase(process.env.BENCH_DATABASE_URL);
  const db = database.db;
  await database.migrate();
  await ensureBaseRows(db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/skinfair-bench', WEB_DIST: '/nonexistent', RATE_LIMIT_PER_MINUTE: '100000000', MONEY_CALLS_PER_USER_PER_SECOND: '1000000', MONEY_CALLS_IN_FLIGHT_PER_USER: '1000', TOKEN_CALLS_PER_SECOND: '1000000', APP_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef' });
  const live = createLiveHub({ logger: { info() {}, warn() {}, error() {}, debug() {} } });
  const app = await buildApp({ config, database, live });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };

  const players: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < Math.max(...levels); i++) {
    const user = await givenUser(db, { coinsFen: 1_000_000_000 });
    players.push({ id: user.id, token: await givenSession(db, user.id) });
  }
  const accounts = (await db.execute(sql`SELECT id, user_id FROM ledger_accounts WHERE kind = 'coin' AND owner_type = 'user'`)) as unknown as { rows: Array<{ id: unknown; user_id: unknown }> };
  const coinAccount = new Map(accounts.rows.map((r) => [Number(r.user_id), Number(r.id)]));

  // The database's own ceiling for the same writes, one transaction each, same driver and pool.
  const raw = (worker: number) =>
    db.transaction(async (tx) => {
      const userId = players[worker]!.id;
      const acct = coinAccount.get(userId)!;
      await tx.execute(sql`UPDATE ledger_accounts SET balance_fen = balance_fen - 100 WHERE id = ${acct} AND balance_fen >= 100`);
      await tx.execute(sql`UPDATE ledger_accounts SET balance_fen = balance_fen + 100 WHERE id = ${1 + (userId % 32)}`);
      await tx.execute(sql`INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_fen, code, debit_balance_after_fen, credit_balance_after_fen) VALUES (${acct}, ${1 + (userId % 32)}, 100, 'case_open', 0, 0)`);
      await tx.execute(sql`INSERT INTO inventory_items (user_id, item_id, source_type, recovery_price_fen) VALUES (${userId}, 1, 'bench', 100)`);
      await tx.execute(sql`INSERT INTO rolls (user_id, game, seed_pair_id, nonce, roll_code, range_low, range_high, price_paid_fen) VALUES (${userId}, 'case', 0, ${Math.floor(Math.random() * 2e9)}, 1, 1, 1, 100)`);
    });
  const open = async (worker: number) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/case/openCase`, {
      method: 'POST',
      headers: { token: players[worker]!.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: `caseId=${BOX_ID}&number=1`,
    });
    const body = (await res.json()) as { status: number };
    if (body.status !== 0) throw new Error(`open failed: ${JSON.stringify(body)}`);
  };

  console.log(`engine=${database.engine} cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} seconds=${seconds}`);
  console.log('players | raw tx/s | openings/s | ratio | open p50 ms | open p99 ms');
  for (const c of levels) {
    const r = await measure(c, seconds, raw);
    const o = await measure(c, seconds, open);
    console.log(`${c} | ${r.perSecond.toFixed(0)} | ${o.perSecond.toFixed(0)} | ${(o.perSecond / r.perSecond).toFixed(2)} | ${o.p50.toFixed(1)} | ${o.p99.toFixed(1)}`);
  }
  await app.close();
  await live.close();
  await cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
