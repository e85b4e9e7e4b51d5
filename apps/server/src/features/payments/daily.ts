import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { beijingDay } from '../../platform/db/beijing-day.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/** Paid deposits (state 1) per Beijing day of payment since `since`: how many, and the amount credited (bonuses apart). */
export async function dailyDeposits(ex: Executor, since: Date): Promise<Array<{ day: string; count: number; fen: number }>> {
  const rows = await queryRows<{ day: string; n: unknown; fen: unknown }>(
    ex,
    sql`SELECT ${beijingDay('finished_at')} AS day, count(*) AS n, coalesce(sum(credit_fen), 0) AS fen
        FROM deposit_orders WHERE state = 1 AND finished_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, count: toInt(r.n), fen: toInt(r.fen) }));
}
