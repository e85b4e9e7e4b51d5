import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { beijingDay } from '../../platform/db/beijing-day.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { SANDBOX_CHANNEL_TYPE } from './repo.js';

/**
 * Paid deposits (state 1) per Beijing day of payment since `since`: how many, and the amount credited
 * (bonuses apart). Orders paid through the sandbox channel (type 9) are fake money: counted apart, so no
 * figure of real deposits includes them (decision 0017).
 */
export async function dailyDeposits(
  ex: Executor,
  since: Date,
): Promise<Array<{ day: string; count: number; fen: number; sandboxCount: number; sandboxFen: number }>> {
  const rows = await queryRows<{ day: string; n: unknown; fen: unknown; sn: unknown; sfen: unknown }>(
    ex,
    sql`SELECT ${beijingDay('o.finished_at')} AS day,
          count(*) FILTER (WHERE c.channel_type IS DISTINCT FROM ${SANDBOX_CHANNEL_TYPE}) AS n,
          coalesce(sum(o.credit_fen) FILTER (WHERE c.channel_type IS DISTINCT FROM ${SANDBOX_CHANNEL_TYPE}), 0) AS fen,
          count(*) FILTER (WHERE c.channel_type = ${SANDBOX_CHANNEL_TYPE}) AS sn,
          coalesce(sum(o.credit_fen) FILTER (WHERE c.channel_type = ${SANDBOX_CHANNEL_TYPE}), 0) AS sfen
        FROM deposit_orders o LEFT JOIN payment_channels c ON c.id = o.channel_id
        WHERE o.state = 1 AND o.finished_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, count: toInt(r.n), fen: toInt(r.fen), sandboxCount: toInt(r.sn), sandboxFen: toInt(r.sfen) }));
}
