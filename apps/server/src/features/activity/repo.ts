import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { beijingDay } from '../../platform/db/beijing-day.js';
import { queryRows, toInt, toIso } from '../../platform/db/rows.js';
import { realityCheckSettings } from './tables.js';

/** Ledger codes of each figure (contract activity.ts has the definitions; decision 0043). */
export const DEPOSIT_CODES = ['deposit'] as const;
export const STAKE_CODES = ['case_open', 'battle_stake', 'dream_fee', 'shop_buy', 'virtual_buy'] as const;
/** Paid back to the player out of stakes: lowers stakes rather than counting as a return. */
export const STAKE_REFUND_CODES = ['battle_refund'] as const;
export const RETURN_CODES = ['item_exchange', 'battle_win'] as const;

const ALL_CODES = [...DEPOSIT_CODES, ...STAKE_CODES, ...STAKE_REFUND_CODES, ...RETURN_CODES];
const list = (codes: readonly string[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );

export async function readInterval(ex: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ m: unknown }>(
    ex,
    sql`SELECT interval_minutes AS m FROM reality_check_settings WHERE user_id = ${userId}`,
  );
  return toInt(row?.m);
}

export async function writeInterval(ex: Executor, userId: number, intervalMinutes: number): Promise<void> {
  await ex
    .insert(realityCheckSettings)
    .values({ userId, intervalMinutes })
    .onConflictDoUpdate({
      target: realityCheckSettings.userId,
      set: { intervalMinutes, updatedAt: sql`now()` },
    });
}

/** The creation time of the caller's login session (the play session); null if it is not the user's. */
export async function sessionStart(ex: Executor, userId: number, sessionId: number): Promise<Date | null> {
  const [row] = await queryRows<{ created_at: unknown }>(
    ex,
    sql`SELECT created_at FROM sessions WHERE id = ${sessionId} AND user_id = ${userId}`,
  );
  return row ? new Date(toIso(row.created_at)) : null;
}

export interface Figures {
  depositsFen: number;
  stakesFen: number;
  returnsFen: number;
}

/**
 * The player's side of every transfer under the counted codes in [from, to), one leg per row (a transfer
 * into the player is +, out of them −), grouped by `bucket` — one query for all figures and all buckets.
 */
async function figuresBy(ex: Executor, userId: number, from: Date, to: Date, bucket: SQL): Promise<Array<Figures & { key: string }>> {
  const window = sql`t.created_at >= ${from.toISOString()}::timestamptz AND t.created_at < ${to.toISOString()}::timestamptz AND t.code IN (${list(ALL_CODES)})`;
  const legs = sql`
    SELECT t.code, t.amount_fen AS fen, t.created_at
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE a.owner_type = 'user' AND a.user_id = ${userId} AND ${window}
    UNION ALL
    SELECT t.code, -t.amount_fen AS fen, t.created_at
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.owner_type = 'user' AND a.user_id = ${userId} AND ${window}`;
  const rows = await queryRows<{ key: string; deposits: unknown; stakes: unknown; returns: unknown }>(
    ex,
    sql`SELECT ${bucket} AS key,
          coalesce(sum(CASE WHEN code IN (${list(DEPOSIT_CODES)}) THEN fen END), 0) AS deposits,
          coalesce(-sum(CASE WHEN code IN (${list([...STAKE_CODES, ...STAKE_REFUND_CODES])}) THEN fen END), 0) AS stakes,
          coalesce(sum(CASE WHEN code IN (${list(RETURN_CODES)}) THEN fen END), 0) AS returns
        FROM (${legs}) l GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({
    key: String(r.key),
    depositsFen: toInt(r.deposits),
    stakesFen: toInt(r.stakes),
    returnsFen: toInt(r.returns),
  }));
}

export const figuresByDay = (ex: Executor, userId: number, from: Date, to: Date) =>
  figuresBy(ex, userId, from, to, beijingDay('created_at'));

/** The Beijing month: the first seven characters of the Beijing day. */
export const figuresByMonth = (ex: Executor, userId: number, from: Date, to: Date) =>
  figuresBy(ex, userId, from, to, sql`left(${beijingDay('created_at')}, 7)`);

export async function figuresBetween(ex: Executor, userId: number, from: Date, to: Date): Promise<Figures> {
  const [row] = await figuresBy(ex, userId, from, to, sql`'all'`);
  return row ?? { depositsFen: 0, stakesFen: 0, returnsFen: 0 };
}
