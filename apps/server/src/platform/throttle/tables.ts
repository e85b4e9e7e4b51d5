import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every node (login failures, SMS limits, guess protection). */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** Guess budgets (login passwords): no attempt is checked before this time; the wait doubles. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
