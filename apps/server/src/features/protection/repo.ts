import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * This feature's queries. The sums read the ledger's transfers, the deposit orders and the login sessions
 * by their columns (the same definitions as My activity, decision 0043): they are read-only and run only
 * for players who have a protection row.
 */

export interface ProtectionRow {
  exclusionKind: 'cool_off' | 'self_exclusion' | null;
  excludedAt: Date | null;
  excludedUntil: Date | null;
}

export interface LimitRow {
  kind: string;
  value: number | null;
  pendingValue: number | null;
  pendingRemove: boolean;
  pendingAt: Date | null;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function toProtection(r: Record<string, unknown>): ProtectionRow {
  return {
    exclusionKind: (r.exclusion_kind as ProtectionRow['exclusionKind']) ?? null,
    excludedAt: asDate(r.excluded_at),
    excludedUntil: asDate(r.excluded_until),
  };
}

/** The player's protection row, locked for the rest of the transaction; null: the player never set any. */
export async function lockProtection(ex: Executor, userId: number): Promise<ProtectionRow | null> {
  const [row] = await queryRows(
    ex,
    sql`SELECT exclusion_kind, excluded_at, excluded_until FROM player_protections WHERE user_id = ${userId} FOR UPDATE`,
  );
  return row ? toProtection(row) : null;
}

export async function readProtection(ex: Executor, userId: number): Promise<ProtectionRow | null> {
  const [row] = await queryRows(
    ex,
    sql`SELECT exclusion_kind, excluded_at, excluded_until FROM player_protections WHERE user_id = ${userId}`,
  );
  return row ? toProtection(row) : null;
}

/** Creates the row if missing, then locks it. */
export async function ensureProtection(ex: Executor, userId: number): Promise<ProtectionRow> {
  await ex.execute(sql`INSERT INTO player_protections (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
  return (await lockProtection(ex, userId))!;
}

export async function writeExclusion(
  ex: Executor,
  userId: number,
  kind: 'cool_off' | 'self_exclusion',
  startedAt: Date,
  until: Date,
): Promise<void> {
  // `excluded_until` only moves later (decision 0042): the condition makes a shortening a no-op even if a caller erred.
  await ex.execute(sql`UPDATE player_protections SET exclusion_kind = ${kind}, excluded_at = ${startedAt.toISOString()}::timestamptz,
    excluded_until = ${until.toISOString()}::timestamptz, updated_at = now()
    WHERE user_id = ${userId} AND (excluded_until IS NULL OR excluded_until <= ${until.toISOString()}::timestamptz)`);
}

export async function loadLimits(ex: Executor, userId: number): Promise<LimitRow[]> {
  const rows = await queryRows(
    ex,
    sql`SELECT kind, value, pending_value, pending_remove, pending_at FROM protection_limits WHERE user_id = ${userId}`,
  );
  return rows.map((r) => ({
    kind: String(r.kind),
    value: r.value === null ? null : toInt(r.value),
    pendingValue: r.pending_value === null ? null : toInt(r.pending_value),
    pendingRemove: Boolean(r.pending_remove),
    pendingAt: asDate(r.pending_at),
  }));
}

export async function writeLimit(ex: Executor, userId: number, row: LimitRow): Promise<void> {
  const pendingAt = row.pendingAt ? row.pendingAt.toISOString() : null;
  await ex.execute(sql`INSERT INTO protection_limits (user_id, kind, value, pending_value, pending_remove, pending_at)
    VALUES (${userId}, ${row.kind}, ${row.value}, ${row.pendingValue}, ${row.pendingRemove}, ${pendingAt}::timestamptz)
    ON CONFLICT (user_id, kind) DO UPDATE SET value = excluded.value, pending_value = excluded.pending_value,
      pending_remove = excluded.pending_remove, pending_at = excluded.pending_at, updated_at = now()`);
}

export interface WindowStarts {
  day: Date;
  week: Date;
  month: Date;
}

export interface WindowSums {
  day: number;
  week: number;
  month: number;
}

const earliest = (w: WindowStarts) => new Date(Math.min(w.day.getTime(), w.week.getTime(), w.month.getTime()));

/**
 * Deposits counted against the deposit limits: the coins of orders made in the window that are paid, or
 * still pending and not expired (a pending order may still be paid, so it holds its room until it expires).
 */
export async function depositSums(ex: Executor, userId: number, w: WindowStarts, now: Date): Promise<WindowSums> {
  const [r] = await queryRows(
    ex,
    sql`SELECT
      coalesce(sum(credit_fen) FILTER (WHERE created_at >= ${w.day.toISOString()}::timestamptz), 0) AS day,
      coalesce(sum(credit_fen) FILTER (WHERE created_at >= ${w.week.toISOString()}::timestamptz), 0) AS week,
      coalesce(sum(credit_fen) FILTER (WHERE created_at >= ${w.month.toISOString()}::timestamptz), 0) AS month
    FROM deposit_orders
    WHERE user_id = ${userId} AND created_at >= ${earliest(w).toISOString()}::timestamptz
      AND (state = 1 OR (state = 0 AND expires_at > ${now.toISOString()}::timestamptz))`,
  );
  return { day: toInt(r?.day), week: toInt(r?.week), month: toInt(r?.month) };
}

/** Stakes (coins and points paid for play and the shop) and the codes that give some back (decision 0043's). */
const STAKE_CODES = ['case_open', 'battle_stake', 'dream_fee', 'shop_buy', 'virtual_buy'];
const BACK_CODES = ['battle_refund', 'item_exchange', 'battle_win'];

/** Net loss per window: stakes − (battle refunds + swaps back + battle winnings). Negative: the player is up. */
export async function lossSums(ex: Executor, userId: number, w: WindowStarts): Promise<WindowSums> {
  const since = earliest(w).toISOString();
  const stake = sql.join(
    STAKE_CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  const back = sql.join(
    BACK_CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  const [r] = await queryRows(
    ex,
    sql`WITH a AS (
      SELECT id FROM ledger_accounts WHERE owner_type = 'user' AND user_id = ${userId} AND kind IN ('coin', 'point')
    ), m AS (
      SELECT t.amount_fen AS fen, t.created_at FROM ledger_transfers t JOIN a ON t.debit_account_id = a.id
      WHERE t.code IN (${stake}) AND t.created_at >= ${since}::timestamptz
      UNION ALL
      SELECT -t.amount_fen, t.created_at FROM ledger_transfers t JOIN a ON t.credit_account_id = a.id
      WHERE t.code IN (${back}) AND t.created_at >= ${since}::timestamptz
    )
    SELECT coalesce(sum(fen) FILTER (WHERE created_at >= ${w.day.toISOString()}::timestamptz), 0) AS day,
      coalesce(sum(fen) FILTER (WHERE created_at >= ${w.week.toISOString()}::timestamptz), 0) AS week,
      coalesce(sum(fen) FILTER (WHERE created_at >= ${w.month.toISOString()}::timestamptz), 0) AS month
    FROM m`,
  );
  return { day: toInt(r?.day), week: toInt(r?.week), month: toInt(r?.month) };
}

/**
 * The start of the player's sitting for the session limit (decision 0042): the latest login, or an earlier
 * login made less than `limit + break` minutes before it (logging in again soon after does not start afresh).
 */
export async function sittingStart(ex: Executor, userId: number, limitMinutes: number, breakMinutes: number): Promise<Date | null> {
  const [r] = await queryRows(
    ex,
    sql`WITH latest AS (SELECT max(created_at) AS at FROM sessions WHERE user_id = ${userId})
    SELECT (SELECT min(s.created_at) FROM sessions s, latest l
      WHERE s.user_id = ${userId} AND s.created_at >= l.at - make_interval(mins => ${limitMinutes + breakMinutes}::int)) AS start`,
  );
  return asDate(r?.start);
}
