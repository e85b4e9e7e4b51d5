import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { beijingDay } from '../db/beijing-day.js';
import { queryRows, toInt } from '../db/rows.js';
import { HOUSE_SHARDS, houseAccountId } from './accounts.js';
import type { TransferCode } from './codes.js';

/** What players stake on games: paid into the house revenue shards, and battle refunds paid back out of them. */
const GAME_STAKES: readonly TransferCode[] = ['case_open', 'battle_stake', 'battle_refund', 'dream_fee'];

/**
 * Net game stakes per Beijing day since `since` (operator dashboard): credits of the revenue shards under the
 * game codes minus debits of them (refunds). Revenue shard ids are one contiguous range (accounts.ts).
 */
export async function dailyGameStakes(ex: Executor, since: Date): Promise<Array<{ day: string; stakesFen: number }>> {
  const low = houseAccountId('revenue', 0);
  const high = low + HOUSE_SHARDS - 1;
  const day = beijingDay('created_at');
  const rows = await queryRows<{ day: string; fen: unknown }>(
    ex,
    sql`SELECT ${day} AS day,
          sum(CASE WHEN credit_account_id BETWEEN ${low} AND ${high} THEN amount_fen ELSE 0 END)
            - sum(CASE WHEN debit_account_id BETWEEN ${low} AND ${high} THEN amount_fen ELSE 0 END) AS fen
        FROM ledger_transfers
        WHERE created_at >= ${since.toISOString()}::timestamptz AND code IN (${sql.join(
          GAME_STAKES.map((c) => sql`${c}`),
          sql`, `,
        )})
        GROUP BY 1`,
  );
  return rows.map((r) => ({ day: r.day, stakesFen: toInt(r.fen) }));
}
