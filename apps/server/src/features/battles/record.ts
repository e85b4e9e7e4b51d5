import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { revealedBattle } from './reveal.js';

/**
 * A player's battle record for the public card: settled battles sat in, and those whose winning seat was
 * theirs. Cancelled and voided battles count for neither, nor does a battle whose room is still revealing
 * its rounds (a win on the card would spoil it: issue 24 §14).
 */
export async function battleRecordOf(ex: Executor, userId: number): Promise<{ played: number; won: number }> {
  const [row] = await queryRows<{ played: unknown; won: unknown }>(
    ex,
    sql`SELECT count(*) AS played, count(*) FILTER (WHERE b.winner_seat = s.seat) AS won
        FROM battle_seats s JOIN battles b ON b.id = s.battle_id
        WHERE s.user_id = ${userId} AND ${revealedBattle(sql.raw('b'))}`,
  );
  return { played: toInt(row?.played ?? 0), won: toInt(row?.won ?? 0) };
}
