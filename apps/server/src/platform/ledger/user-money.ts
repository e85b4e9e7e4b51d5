import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';
import { AppError } from '../errors.js';
import { allHouseAccounts, userAccountKinds, type HouseAccountKind, type UserAccountKind } from './accounts.js';
import type { TransferCode } from './codes.js';
import { assertAmount, transfer, type Transfer } from './ledger.js';

export interface Balances {
  coinFen: number;
  pointFen: number;
  secondaryFen: number;
}

interface MoveCommon {
  userId: number;
  amountFen: number;
  code: TransferCode;
  refType?: string;
  refId?: string | number;
  idempotencyKey?: string;
  memo?: string;
}

/** Every user has one account of each kind, opened with the user in the same transaction. */
export async function openUserAccounts(ex: Executor, userId: number): Promise<void> {
  for (const kind of userAccountKinds) {
    await ex.execute(sql`INSERT INTO ledger_accounts (owner_type, user_id, kind) VALUES ('user', ${userId}, ${kind})
      ON CONFLICT (user_id, kind) WHERE owner_type = 'user' DO NOTHING`);
  }
}

/** The house's fixed accounts; idempotent, run at every start. */
export async function ensureHouseAccounts(ex: Executor): Promise<void> {
  const values = allHouseAccounts().map((a) => sql`(${a.id}, 'house', ${a.kind}, ${a.shard})`);
  await ex.execute(sql`INSERT INTO ledger_accounts (id, owner_type, kind, shard) VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (id) DO NOTHING`);
}

export async function getBalances(ex: Executor, userId: number): Promise<Balances> {
  const rows = await queryRows<{ kind: string; balance_fen: unknown }>(
    ex,
    sql`SELECT kind, balance_fen FROM ledger_accounts WHERE owner_type = 'user' AND user_id = ${userId}`,
  );
  const by = new Map(rows.map((r) => [r.kind, toInt(r.balance_fen)]));
  return { coinFen: by.get('coin') ?? 0, pointFen: by.get('point') ?? 0, secondaryFen: by.get('secondary') ?? 0 };
}

/** House → user (deposits, prizes, swaps, bonuses). */
export function credit(tx: Tx, input: MoveCommon & { kind: UserAccountKind; from: HouseAccountKind }): Promise<Transfer> {
  const { userId, kind, from, ...rest } = input;
  return transfer(tx, { ...rest, from: { house: from, shardKey: userId }, to: { userId, kind } });
}

/** User → house from one account kind. */
export function debit(tx: Tx, input: MoveCommon & { kind: UserAccountKind; to: HouseAccountKind }): Promise<Transfer> {
  const { userId, kind, to, ...rest } = input;
  return transfer(tx, { ...rest, from: { userId, kind }, to: { house: to, shardKey: userId } });
}

export interface SpendResult {
  coinFen: number;
  pointFen: number;
  transfers: Transfer[];
  duplicate: boolean;
}

/**
 * Games spend coins first, then points (spec §1: equal in value). Both rows are locked in id order
 * before the split is computed, so two concurrent spends cannot both use the same money.
 */
export async function spend(tx: Tx, input: MoveCommon & { to: HouseAccountKind }): Promise<SpendResult> {
  assertAmount(input.amountFen);
  const { userId, amountFen, to, idempotencyKey, ...rest } = input;
  if (idempotencyKey) {
    const seen = await queryRows<{ idempotency_key: string }>(
      tx,
      sql`SELECT idempotency_key FROM ledger_transfers WHERE idempotency_key IN (${`${idempotencyKey}:coin`}, ${`${idempotencyKey}:point`})`,
    );
    if (seen.length > 0) return { coinFen: 0, pointFen: 0, transfers: [], duplicate: true };
  }
  const rows = await queryRows<{ id: unknown; kind: string; balance_fen: unknown }>(
    tx,
    sql`SELECT id, kind, balance_fen FROM ledger_accounts
        WHERE owner_type = 'user' AND user_id = ${userId} AND kind IN ('coin', 'point') ORDER BY id FOR UPDATE`,
  );
  const coin = rows.find((r) => r.kind === 'coin');
  const point = rows.find((r) => r.kind === 'point');
  if (!coin || !point) throw new AppError('ACCOUNT_MISSING', `user ${userId}`);
  const coinBalance = toInt(coin.balance_fen);
  if (coinBalance + toInt(point.balance_fen) < amountFen) throw new AppError('INSUFFICIENT_BALANCE');
  const coinFen = Math.min(coinBalance, amountFen);
  const pointFen = amountFen - coinFen;
  const transfers: Transfer[] = [];
  const house = { house: to, shardKey: userId } as const;
  if (coinFen > 0) {
    const key = idempotencyKey ? `${idempotencyKey}:coin` : undefined;
    transfers.push(
      await transfer(tx, {
        ...rest,
        amountFen: coinFen,
        from: { accountId: toInt(coin.id) },
        to: house,
        ...(key ? { idempotencyKey: key } : {}),
      }),
    );
  }
  if (pointFen > 0) {
    const key = idempotencyKey ? `${idempotencyKey}:point` : undefined;
    transfers.push(
      await transfer(tx, {
        ...rest,
        amountFen: pointFen,
        from: { accountId: toInt(point.id) },
        to: house,
        ...(key ? { idempotencyKey: key } : {}),
      }),
    );
  }
  return { coinFen, pointFen, transfers, duplicate: false };
}
