import { toInt } from '../db/rows.js';
import { AppError } from '../errors.js';
import { houseAccountId } from './accounts.js';
import type { TransferCode } from './codes.js';

/**
 * The ledger's part of the hot paths' hand-written statements (issue 11: openings, the shop, and the games
 * that copy their shape). The same rules as `spend` in user-money.ts, in SQL text: the player's coin and
 * point rows locked first and in id order, coins spent before points, each debit conditional on its
 * balance, one credit of the house shard, one transfer row per debited kind with both balances after.
 * Arguments are SQL parameter references such as `$2`, never values.
 */

/** CTE `acc`: the spender's coin and point rows, locked in id order (the order of every money path). */
export function lockSpenderCte(userParam: string): string {
  return `acc AS (
     SELECT id, kind, balance_fen FROM ledger_accounts
     WHERE owner_type = 'user' AND user_id = ${userParam} AND kind IN ('coin', 'point') ORDER BY id FOR UPDATE
   )`;
}

/** Columns coin_id, coin_fen, point_id, point_fen from `acc` (join it as `c` and `p`). */
export const SPENDER_COLUMNS = 'c.id AS coin_id, c.balance_fen AS coin_fen, p.id AS point_id, p.balance_fen AS point_fen';
export const SPENDER_JOINS = "LEFT JOIN acc c ON c.kind = 'coin' LEFT JOIN acc p ON p.kind = 'point'";

export interface SpenderRow {
  coin_id: unknown;
  coin_fen: unknown;
  point_id: unknown;
  point_fen: unknown;
}

export interface SpendSplit {
  coinFen: number;
  pointFen: number;
  coinBefore: number;
  pointBefore: number;
}

/** Coins first, then points (spec §1), from the locked balances; refuses what they cannot pay. */
export function splitSpend(row: SpenderRow, amountFen: number): SpendSplit {
  if (row.coin_id === null || row.point_id === null) throw new AppError('ACCOUNT_MISSING', 'spender accounts');
  const coinBefore = toInt(row.coin_fen);
  const pointBefore = toInt(row.point_fen);
  if (!Number.isSafeInteger(amountFen) || amountFen < 0) throw new AppError('AMOUNT_INVALID', `amount ${amountFen}`);
  if (coinBefore + pointBefore < amountFen) throw new AppError('INSUFFICIENT_BALANCE');
  const coinFen = Math.min(coinBefore, amountFen);
  return { coinFen, pointFen: amountFen - coinFen, coinBefore, pointBefore };
}

const CODE = /^[a-z_]+$/;

/**
 * CTEs debit_coin, debit_point, house and moved; `moved` holds one row per transfer written, so the
 * statement can return `(SELECT count(*) FROM moved)` and the caller compares it with `transfersExpected`.
 */
export function spendCtes(p: {
  coinAccount: string;
  coinFen: string;
  pointAccount: string;
  pointFen: string;
  houseAccount: string;
  code: TransferCode;
  refType: string;
  refId: string;
}): string {
  if (!CODE.test(p.code) || !CODE.test(p.refType)) throw new Error('transfer code and ref type are SQL literals');
  const c = `${p.coinFen}::bigint`;
  const pt = `${p.pointFen}::bigint`;
  return `debit_coin AS (
     UPDATE ledger_accounts SET balance_fen = balance_fen - ${c}, updated_at = now()
     WHERE id = ${p.coinAccount} AND ${c} > 0 AND balance_fen >= ${c} RETURNING balance_fen
   ), debit_point AS (
     UPDATE ledger_accounts SET balance_fen = balance_fen - ${pt}, updated_at = now()
     WHERE id = ${p.pointAccount} AND ${pt} > 0 AND balance_fen >= ${pt} RETURNING balance_fen
   ), house AS (
     UPDATE ledger_accounts SET balance_fen = balance_fen + ${c} + ${pt}, updated_at = now()
     WHERE id = ${p.houseAccount} AND ${c} + ${pt} > 0 RETURNING balance_fen
   ), moved AS (
     INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_fen, code, ref_type, ref_id,
       debit_balance_after_fen, credit_balance_after_fen)
     SELECT ${p.coinAccount}, ${p.houseAccount}, ${c}, '${p.code}', '${p.refType}', ${p.refId}::text, d.balance_fen, h.balance_fen - ${pt}
     FROM debit_coin d, house h
     UNION ALL
     SELECT ${p.pointAccount}, ${p.houseAccount}, ${pt}, '${p.code}', '${p.refType}', ${p.refId}::text, d.balance_fen, h.balance_fen
     FROM debit_point d, house h
     RETURNING id
   )`;
}

/** How many transfer rows a split writes; a statement that wrote fewer was refused a debit. */
export const transfersExpected = (split: SpendSplit) => (split.coinFen > 0 ? 1 : 0) + (split.pointFen > 0 ? 1 : 0);

/**
 * The five parameters a spend reads, in the order `spendCtesFrom` numbers them: the player's coin account and
 * the coins spent, the point account and the points spent, and the player's house revenue shard.
 */
export function spendParams(row: SpenderRow, split: SpendSplit, userId: number): unknown[] {
  return [row.coin_id, split.coinFen, row.point_id, split.pointFen, houseAccountId('revenue', userId)];
}

/** `spendCtes` over five consecutive parameters from `$first`, the ones `spendParams` fills. */
export function spendCtesFrom(first: number, p: { code: TransferCode; refType: string; refId: string }): string {
  const at = (k: number) => `$${first + k}`;
  return spendCtes({ coinAccount: at(0), coinFen: at(1), pointAccount: at(2), pointFen: at(3), houseAccount: at(4), ...p });
}
