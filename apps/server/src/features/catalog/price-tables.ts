import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every price change of an item (issue 16 screen 4), append-only: the reference and recovery prices before
 * and after, where it came from (a manual edit or an import) and who made it. Written in the transaction
 * of the change, beside its audit row.
 */
export const itemPriceHistory = pgTable(
  'item_price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    oldReferenceFen: bigint('old_reference_fen', { mode: 'number' }).notNull(),
    newReferenceFen: bigint('new_reference_fen', { mode: 'number' }).notNull(),
    oldRecoveryFen: bigint('old_recovery_fen', { mode: 'number' }).notNull(),
    newRecoveryFen: bigint('new_recovery_fen', { mode: 'number' }).notNull(),
    /** manual, import */
    source: text('source').$type<'manual' | 'import'>().notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    importId: text('import_id'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_price_history_item').on(t.itemId, t.id)],
);

/** One previewed change of an import: the prices it was computed from and the ones it writes. */
export interface PreviewedPrice {
  itemId: number;
  oldPriceFen: number;
  newPriceFen: number;
  oldRecoveryFen: number;
  newRecoveryFen: number;
  /** The item's shop line re-priced in the same apply (decision 0051): its price at preview, and the new one. */
  oldShopFen?: number;
  newShopFen?: number;
}

/**
 * Price-list imports: the preview stores exactly the changes it showed, and apply writes those and nothing
 * else (refusing when any item's prices or the recovery rule moved since). A preview is applied once.
 */
export const itemPriceImports = pgTable('item_price_imports', {
  /** 128 random bits, hex: the preview id the operator applies. */
  id: text('id').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  format: text('format').notNull(),
  fileHash: text('file_hash').notNull(),
  recoveryRateBp: integer('recovery_rate_bp').notNull(),
  changes: jsonb('changes').$type<PreviewedPrice[]>().notNull(),
  /** rows, changed, unchanged, unknown, invalid, large, affectedBoxes */
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
});
