import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Sellable item variants (a skin in one exterior, StatTrak or not), from the shipped CS2 catalogue. */
export const items = pgTable(
  'items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id').notNull(),
    exterior: text('exterior'),
    statTrak: boolean('stat_trak').notNull().default(false),
    name: text('name').notNull(),
    weaponName: text('weapon_name').notNull(),
    category: text('category').notNull(),
    /** The shop filter of spec §2: dagger, awp, m4, ak, pistol. */
    shopFilter: text('shop_filter'),
    rarity: text('rarity').notNull(),
    grade: smallint('grade').notNull(),
    image: text('image'),
    referencePriceFen: bigint('reference_price_fen', { mode: 'number' }).notNull(),
    /** What a swap pays back, in fen. */
    recoveryPriceFen: bigint('recovery_price_fen', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('items_variant').on(t.templateId, t.exterior, t.statTrak), index('items_shop_filter').on(t.shopFilter)],
);

export const boxThemes = pgTable('box_themes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  boxType: smallint('box_type').notNull().default(1),
  weight: integer('weight').notNull().default(0),
});

export const boxes = pgTable('boxes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  image: text('image'),
  weaponImage: text('weapon_image'),
  themeId: integer('theme_id').notNull(),
  /** 0 free (opened only through a free-box grant), 1 normal. */
  boxType: smallint('box_type').notNull().default(1),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Whether a battle may use the box as a round (issue 16: the operator decides; free boxes never). */
  battleEligible: boolean('battle_eligible').notNull().default(true),
  currentVersion: integer('current_version').notNull().default(1),
  weight: integer('weight').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Versions are append-only (PF v1 §5): a roll names the version whose ranges it used. */
export const boxVersions = pgTable(
  'box_versions',
  {
    boxId: bigint('box_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    oddsHash: text('odds_hash').notNull(),
    expectedReturnFen: bigint('expected_return_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boxId, t.version] })],
);

export const boxDrops = pgTable(
  'box_drops',
  {
    boxId: bigint('box_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    position: integer('position').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    weight: integer('weight').notNull(),
    rollLow: integer('roll_low').notNull(),
    rollHigh: integer('roll_high').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.boxId, t.version, t.position] }),
    check('box_drops_range', sql`${t.rollLow} >= 1 AND ${t.rollHigh} <= 100000 AND ${t.rollHigh} - ${t.rollLow} + 1 = ${t.weight}`),
  ],
);
