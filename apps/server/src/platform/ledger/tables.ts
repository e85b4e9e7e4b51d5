import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Double-entry books (design §3). User accounts (coin, point, secondary) can never go negative: a CHECK
 * backs the conditional update. House accounts are spread over shards so no single row is hot.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 10_000 }),
    ownerType: text('owner_type').$type<'user' | 'house'>().notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    shard: smallint('shard').notNull().default(0),
    balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind')
      .on(t.userId, t.kind)
      .where(sql`${t.ownerType} = 'user'`),
    uniqueIndex('ledger_accounts_house_kind_shard')
      .on(t.kind, t.shard)
      .where(sql`${t.ownerType} = 'house'`),
    check('ledger_accounts_owner', sql`(${t.ownerType} = 'user') = (${t.userId} IS NOT NULL)`),
    check('ledger_accounts_owner_type', sql`${t.ownerType} IN ('user', 'house')`),
    check('ledger_accounts_user_not_negative', sql`${t.ownerType} <> 'user' OR ${t.balanceFen} >= 0`),
  ],
);

/** Append-only: one row per movement, written in the transaction that changes the balances. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    idempotencyKey: text('idempotency_key').unique('ledger_transfers_idempotency_key'),
    debitBalanceAfterFen: bigint('debit_balance_after_fen', { mode: 'number' }).notNull(),
    creditBalanceAfterFen: bigint('credit_balance_after_fen', { mode: 'number' }).notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_positive', sql`${t.amountFen} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index('ledger_transfers_debit').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit').on(t.creditAccountId, t.id),
    index('ledger_transfers_ref').on(t.refType, t.refId),
  ],
);
