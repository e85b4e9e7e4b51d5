import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/** Battles won in [from, to): settled then, the player in the winning seat. Read by activities (issue 15). */
export async function countBattleWins(ex: Executor, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    ex,
    sql`SELECT count(*) AS n FROM battles b
        JOIN battle_seats s ON s.battle_id = b.id AND s.seat = b.winner_seat
        WHERE s.user_id = ${userId} AND b.state = 'ended'
          AND b.ended_at >= ${from.toISOString()}::timestamptz AND b.ended_at < ${to.toISOString()}::timestamptz`,
  );
  return toInt(row?.n);
}

/** The players with the most battle wins in [from, to) (bots are not ranked); ties go to the lower user id. */
export async function topBattleWinners(ex: Executor, from: Date, to: Date, limit: number): Promise<Array<{ userId: number; value: number }>> {
  const rows = await queryRows<{ user_id: unknown; n: unknown }>(
    ex,
    sql`SELECT s.user_id, count(*) AS n FROM battles b
        JOIN battle_seats s ON s.battle_id = b.id AND s.seat = b.winner_seat
        WHERE s.user_id IS NOT NULL AND b.state = 'ended'
          AND b.ended_at >= ${from.toISOString()}::timestamptz AND b.ended_at < ${to.toISOString()}::timestamptz
        GROUP BY s.user_id ORDER BY n DESC, s.user_id ASC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ userId: toInt(r.user_id), value: toInt(r.n) }));
}
