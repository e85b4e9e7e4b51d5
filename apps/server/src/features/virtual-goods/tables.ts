import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Cosmetic goods bought with coins (buyVirtual / myVirtual): avatar frames and name colours. */
export const virtualGoods = pgTable('virtual_goods', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<'avatar_frame' | 'name_color'>().notNull(),
  /** virtualImg of spec §3: a relative image path, or a colour for name colours. */
  image: text('image').notNull(),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
  /** null = forever. */
  durationDays: integer('duration_days'),
  enabled: boolean('enabled').notNull().default(true),
});

export const userVirtualGoods = pgTable(
  'user_virtual_goods',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    goodId: integer('good_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Shown on the player's avatar or name; at most one good per kind (equipVirtual keeps it so). */
    equipped: boolean('equipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.goodId] })],
);
