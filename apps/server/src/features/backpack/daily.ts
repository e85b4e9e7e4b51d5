import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { beijingDay } from '../../platform/db/beijing-day.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * Withdrawals per Beijing day since `since`: requested (created that day) and delivered (reached 3 success
 * that day; a delivered retrieval is not touched again, so its updated_at is when it succeeded).
 */
export async function dailyRetrievals(ex: Executor, since: Date): Promise<Array<{ day: string; requested: number; delivered: number }>> {
  const from = since.toISOString();
  const rows = await queryRows<{ day: string; requested: unknown; delivered: unknown }>(
    ex,
    sql`SELECT day, sum(requested) AS requested, sum(delivered) AS delivered FROM (
          SELECT ${beijingDay('created_at')} AS day, count(*) AS requested, 0 AS delivered
          FROM retrievals WHERE created_at >= ${from}::timestamptz GROUP BY 1
          UNION ALL
          SELECT ${beijingDay('updated_at')}, 0, count(*)
          FROM retrievals WHERE state = 3 AND updated_at >= ${from}::timestamptz GROUP BY 1
        ) t GROUP BY day`,
  );
  return rows.map((r) => ({ day: r.day, requested: toInt(r.requested), delivered: toInt(r.delivered) }));
}

/** Items the paid games granted (boxes, battles, dreams; free boxes are a promotion): their recovery value per Beijing day. */
export async function dailyGameItemValue(ex: Executor, since: Date): Promise<Array<{ day: string; fen: number }>> {
  const rows = await queryRows<{ day: string; fen: unknown }>(
    ex,
    sql`SELECT ${beijingDay('created_at')} AS day, coalesce(sum(recovery_price_fen), 0) AS fen
        FROM inventory_items
        WHERE source_type IN ('case', 'battle', 'dream') AND created_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, fen: toInt(r.fen) }));
}
