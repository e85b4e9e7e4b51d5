import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';
import { AppError } from '../errors.js';
import { allHouseAccounts, userAccountKinds, type HouseAccountKind, type UserAccountKind } from './accounts.js';
import { assertAmount, transfer, type Transfer, type TransferInput } from './ledger.js';

export interface Balances {
  coinFen: number;
  pointFen: number;
  secondaryFen: number;
}

/** A transfer between a user's account and the house: the user instead of the two accounts. */
interface MoveCommon extends Omit<TransferInput, 'from' | 'to'> {
  userId: number;
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
  const house = { house: to, shardKey: userId } as const;
  // One transfer per kind debited; each keeps its own key, so a repeat finds either (the check above).
  const debit = (account: { id: unknown }, fen: number, kind: 'coin' | 'point') =>
    transfer(tx, {
      ...rest,
      amountFen: fen,
      from: { accountId: toInt(account.id) },
      to: house,
      ...(idempotencyKey ? { idempotencyKey: `${idempotencyKey}:${kind}` } : {}),
    });
  const transfers: Transfer[] = [];
  if (coinFen > 0) transfers.push(await debit(coin, coinFen, 'coin'));
  if (pointFen > 0) transfers.push(await debit(point, pointFen, 'point'));
  return { coinFen, pointFen, transfers, duplicate: false };
}
