/**
 * Ledger benchmark: spends per second through the product's ledger (coins-then-points split, row locks,
 * conditional debit, transfer row) next to the raw ceiling of the same database in the same run: a plain
 * two-statement money transaction (conditional UPDATE + INSERT). Usage:
 *   npx tsx bench/ledger.ts                      # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ledger.ts
 * Options: BENCH_SECONDS (default 4), BENCH_CONCURRENCY (default "1,16,64").
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { measure, openBenchDatabase } from './support.js';
import { runInTransaction } from '../apps/server/src/platform/db/tx.js';
import { credit, spend } from '../apps/server/src/platform/ledger/index.js';
import { createUser } from '../apps/server/src/features/users/index.js';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const adminUrl = process.env.BENCH_DATABASE_URL;
const levels = (process.env.BENCH_CONCURRENCY ?? (adminUrl ? '1,16,64' : '1,16')).split(',').map(Number);

async function main() {
  const { database, cleanup } = await openBenchDatabase(adminUrl);
  const db = database.db;
  await database.migrate();
  await ensureBaseRows(db);
  const maxWorkers = Math.max(...levels);
  const users: number[] = [];
  for (let i = 0; i < maxWorkers; i++) {
    users.push(
      await runInTransaction(db, async ({ tx }) => {
        const u = await createUser(tx, { nickname: `bench${i}` });
        await credit(tx, { userId: u.id, kind: 'coin', amountFen: 1_000_000_000, from: 'promotions', code: 'demo_credit' });
        return u.id;
      }),
    );
  }
  await db.execute(sql`CREATE TABLE bench_raw (id bigserial primary key, account_id bigint, amount bigint)`);
  const accountIds: number[] = [];
  for (const userId of users) {
    const rows = (await db.execute(sql`SELECT id FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'coin'`)) as unknown as {
      rows: Array<{ id: unknown }>;
    };
    accountIds.push(Number(rows.rows[0]!.id));
  }

  console.log(`engine=${database.engine} cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} seconds=${seconds}`);
  console.log('concurrency | raw 2-statement tx/s | ledger spend tx/s | ratio | spend p50 ms | spend p99 ms');
  for (const c of levels) {
    const raw = await measure(c, seconds, (w) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE ledger_accounts SET balance_fen = balance_fen - 1 WHERE id = ${accountIds[w]} AND balance_fen >= 1`);
        await tx.execute(sql`INSERT INTO bench_raw (account_id, amount) VALUES (${accountIds[w]}, 1)`);
      }),
    );
    const product = await measure(c, seconds, (w) =>
      runInTransaction(db, ({ tx }) => spend(tx, { userId: users[w]!, amountFen: 1, to: 'revenue', code: 'case_open' })).then(
        () => undefined,
      ),
    );
    console.log(
      `${c} | ${raw.perSecond.toFixed(0)} | ${product.perSecond.toFixed(0)} | ${(product.perSecond / raw.perSecond).toFixed(2)} | ${product.p50.toFixed(2)} | ${product.p99.toFixed(2)}`,
    );
  }
  await cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
