import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const shopStock = pgTable(
  'shop_stock',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).notNull().unique('shop_stock_item'),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [check('shop_stock_not_negative', sql`${t.stock} >= 0`), check('shop_stock_price', sql`${t.priceFen} > 0`)],
);

export const purchases = pgTable(
  'purchases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    stockId: bigint('stock_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchases_user').on(t.userId, t.id)],
);
