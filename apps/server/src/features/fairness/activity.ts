import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * Paid box openings in [from, to), read by activities (issue 15): one roll per box opened. Free boxes
 * are left out, so a task or a ranking cannot be climbed with boxes that cost nothing.
 */
export async function countBoxOpens(ex: Executor, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    ex,
    sql`SELECT count(*) AS n FROM rolls
        WHERE user_id = ${userId} AND game = 'case'
          AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz`,
  );
  return toInt(row?.n);
}

/** The players with the most paid box openings in [from, to); ties go to the lower user id. */
export async function topBoxOpeners(ex: Executor, from: Date, to: Date, limit: number): Promise<Array<{ userId: number; value: number }>> {
  const rows = await queryRows<{ user_id: unknown; n: unknown }>(
    ex,
    sql`SELECT user_id, count(*) AS n FROM rolls
        WHERE game = 'case' AND created_at >= ${from.toISOString()}::timestamptz AND created_at < ${to.toISOString()}::timestamptz
        GROUP BY user_id ORDER BY n DESC, user_id ASC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ userId: toInt(r.user_id), value: toInt(r.n) }));
}
