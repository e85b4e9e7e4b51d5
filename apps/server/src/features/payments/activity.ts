import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/** Deposits paid (state 1) in [from, to), of any amount, read by activities (issue 15). */
export async function countPaidDeposits(ex: Executor, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    ex,
    sql`SELECT count(*) AS n FROM deposit_orders
        WHERE user_id = ${userId} AND state = 1
          AND finished_at >= ${from.toISOString()}::timestamptz AND finished_at < ${to.toISOString()}::timestamptz`,
  );
  return toInt(row?.n);
}

/** The players with the most paid deposits in [from, to); ties go to the lower user id. */
export async function topDepositors(ex: Executor, from: Date, to: Date, limit: number): Promise<Array<{ userId: number; value: number }>> {
  const rows = await queryRows<{ user_id: unknown; n: unknown }>(
    ex,
    sql`SELECT user_id, count(*) AS n FROM deposit_orders
        WHERE state = 1 AND finished_at >= ${from.toISOString()}::timestamptz AND finished_at < ${to.toISOString()}::timestamptz
        GROUP BY user_id ORDER BY n DESC, user_id ASC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ userId: toInt(r.user_id), value: toInt(r.n) }));
}
