import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.js';
import { queryRows, toInt, toIso } from '../db/rows.js';
import { pgConstraint, pgErrorCode } from '../db/pg-errors.js';
import { AppError } from '../errors.js';
import { houseAccountId, type HouseAccountKind, type UserAccountKind } from './accounts.js';
import type { TransferCode } from './codes.js';

export type AccountRef = { accountId: number } | { userId: number; kind: UserAccountKind } | { house: HouseAccountKind; shardKey: number };

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amountFen: number;
  code: TransferCode;
  refType?: string;
  refId?: string | number;
  /** Made by the caller; a repeat returns the first transfer and moves nothing (security.md). */
  idempotencyKey?: string;
  memo?: string;
}

export interface Transfer {
  id: number;
  debitAccountId: number;
  creditAccountId: number;
  amountFen: number;
  code: string;
  debitBalanceAfterFen: number;
  creditBalanceAfterFen: number;
  createdAt: string;
  /** True when the idempotency key had already been used: nothing moved this time. */
  duplicate: boolean;
}

function accountIdSql(ref: AccountRef): SQL {
  if ('accountId' in ref) return sql`${ref.accountId}`;
  if ('house' in ref) return sql`${houseAccountId(ref.house, ref.shardKey)}`;
  return sql`(SELECT id FROM ledger_accounts WHERE owner_type = 'user' AND user_id = ${ref.userId} AND kind = ${ref.kind})`;
}

type TransferRow = Record<string, unknown>;

function toTransfer(row: TransferRow, duplicate: boolean): Transfer {
  return {
    id: toInt(row.id),
    debitAccountId: toInt(row.debit_account_id),
    creditAccountId: toInt(row.credit_account_id),
    amountFen: toInt(row.amount_fen),
    code: String(row.code),
    debitBalanceAfterFen: toInt(row.debit_balance_after_fen),
    creditBalanceAfterFen: toInt(row.credit_balance_after_fen),
    createdAt: toIso(row.created_at),
    duplicate,
  };
}

export function assertAmount(amountFen: number): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new AppError('AMOUNT_INVALID', `amount ${amountFen}`);
}

/**
 * One movement in one statement: the conditional debit (a user account only if it can afford it), the
 * credit, and the transfer row with both balances after. No row back means the debit was refused.
 */
async function applyTransfer(ex: Executor, input: TransferInput): Promise<Transfer | null> {
  const rows = await queryRows<TransferRow>(
    ex,
    sql`WITH d AS (
      UPDATE ledger_accounts SET balance_fen = balance_fen - ${input.amountFen}, updated_at = now()
      WHERE id = ${accountIdSql(input.from)} AND (owner_type = 'house' OR balance_fen >= ${input.amountFen})
      RETURNING id, balance_fen
    ), c AS (
      UPDATE ledger_accounts SET balance_fen = balance_fen + ${input.amountFen}, updated_at = now()
      WHERE id = ${accountIdSql(input.to)} AND EXISTS (SELECT 1 FROM d)
      RETURNING id, balance_fen
    )
    INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_fen, code, ref_type, ref_id,
      idempotency_key, debit_balance_after_fen, credit_balance_after_fen, memo)
    SELECT d.id, c.id, ${input.amountFen}, ${input.code}, ${input.refType ?? null},
      ${input.refId === undefined ? null : String(input.refId)}, ${input.idempotencyKey ?? null},
      d.balance_fen, c.balance_fen, ${input.memo ?? null}
    FROM d, c
    RETURNING *`,
  );
  return rows[0] ? toTransfer(rows[0], false) : null;
}

async function findByKey(ex: Executor, key: string): Promise<TransferRow | undefined> {
  const rows = await queryRows<TransferRow>(ex, sql`SELECT * FROM ledger_transfers WHERE idempotency_key = ${key}`);
  return rows[0];
}

async function refusalReason(ex: Executor, input: TransferInput): Promise<AppError> {
  const rows = await queryRows<{ id: unknown; owner_type: string }>(
    ex,
    sql`SELECT id, owner_type FROM ledger_accounts WHERE id IN (${accountIdSql(input.from)}, ${accountIdSql(input.to)})`,
  );
  const expected = 'accountId' in input.from && 'accountId' in input.to ? 2 : rows.length;
  if (rows.length < 2 || rows.length < expected) return new AppError('ACCOUNT_MISSING', JSON.stringify(input.from));
  return new AppError('INSUFFICIENT_BALANCE');
}

function sameRequest(row: TransferRow, input: TransferInput): boolean {
  return toInt(row.amount_fen) === input.amountFen && String(row.code) === input.code;
}

/** Moves money between two accounts inside the caller's transaction. */
export async function transfer(tx: Tx, input: TransferInput): Promise<Transfer> {
  assertAmount(input.amountFen);
  const key = input.idempotencyKey;
  if (key) {
    const existing = await findByKey(tx, key);
    if (existing) return replay(existing, input);
  }
  let result: Transfer | null;
  try {
    // A concurrent twin with the same key waits on the unique index, then fails here: the savepoint
    // keeps the caller's transaction usable so the first transfer can be returned instead.
    result = key ? await tx.transaction((sp) => applyTransfer(sp, input)) : await applyTransfer(tx, input);
  } catch (err) {
    if (key && pgErrorCode(err) === '23505' && pgConstraint(err) === 'ledger_transfers_idempotency_key') {
      const existing = await findByKey(tx, key);
      if (existing) return replay(existing, input);
    }
    if (pgErrorCode(err) === '23514') throw new AppError('INSUFFICIENT_BALANCE', 'check constraint');
    throw err;
  }
  if (!result) throw await refusalReason(tx, input);
  return result;
}

function replay(existing: TransferRow, input: TransferInput): Transfer {
  if (!sameRequest(existing, input)) throw new AppError('IDEMPOTENCY_KEY_REUSED', input.idempotencyKey);
  return toTransfer(existing, true);
}
