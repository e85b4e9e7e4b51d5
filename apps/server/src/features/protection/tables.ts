import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per player who has ever set a limit, a cool-off or a self-exclusion (issue 18, decision 0042).
 * Its mere existence is the hot paths' flag: the opening's locking statement asks `EXISTS` in the same
 * statement, and only flagged players pay for the full check. Every check locks this row (FOR UPDATE) in
 * the spend's transaction, so two spends of one player are judged one after the other.
 * A cool-off or self-exclusion is never shortened: `excluded_until` only ever moves later.
 */
export const playerProtections = pgTable(
  'player_protections',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    exclusionKind: text('exclusion_kind').$type<'cool_off' | 'self_exclusion'>(),
    excludedAt: timestamp('excluded_at', { withTimezone: true }),
    excludedUntil: timestamp('excluded_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('player_protections_kind', sql`${t.exclusionKind} IS NULL OR ${t.exclusionKind} IN ('cool_off', 'self_exclusion')`),
    check('player_protections_exclusion', sql`(${t.exclusionKind} IS NULL) = (${t.excludedUntil} IS NULL)`),
  ],
);

/**
 * A player's limits, one row per kind. `value` is the limit in force (fen, or minutes for `session_minutes`;
 * null: none). A raise or a removal waits 24 hours: it is stored as `pending_value` / `pending_remove` with
 * `pending_at`, the moment it takes effect; readers apply it once that moment has passed.
 */
export const protectionLimits = pgTable(
  'protection_limits',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    value: bigint('value', { mode: 'number' }),
    pendingValue: bigint('pending_value', { mode: 'number' }),
    pendingRemove: boolean('pending_remove').notNull().default(false),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind], name: 'protection_limits_pk' }),
    check(
      'protection_limits_kind',
      sql`${t.kind} IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'session_minutes')`,
    ),
    check(
      'protection_limits_positive',
      sql`(${t.value} IS NULL OR ${t.value} > 0) AND (${t.pendingValue} IS NULL OR ${t.pendingValue} > 0)`,
    ),
  ],
);
