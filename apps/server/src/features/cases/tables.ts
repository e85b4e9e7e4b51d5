import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A free box a user may open once (daily, VIP grade, first deposit: docs/decisions/0010). */
export const freeBoxGrants = pgTable(
  'free_box_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    boxId: bigint('box_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** e.g. "daily:2026-11-23": one grant per user and key. */
    grantKey: text('grant_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    rollId: bigint('roll_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('free_box_grants_user').on(t.userId, t.id), uniqueIndex('free_box_grants_once').on(t.userId, t.grantKey)],
);
