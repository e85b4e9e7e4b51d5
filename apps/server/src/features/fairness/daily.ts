import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { beijingDay } from '../../platform/db/beijing-day.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/** Paid box openings (one roll per box, free boxes apart) per Beijing day since `since`. */
export async function dailyBoxOpens(ex: Executor, since: Date): Promise<Array<{ day: string; count: number }>> {
  const rows = await queryRows<{ day: string; n: unknown }>(
    ex,
    sql`SELECT ${beijingDay('created_at')} AS day, count(*) AS n FROM rolls
        WHERE game = 'case' AND created_at >= ${since.toISOString()}::timestamptz GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, count: toInt(r.n) }));
}
