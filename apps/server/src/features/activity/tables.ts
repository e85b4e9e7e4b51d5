import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The player's reality check interval (issue 18, decision 0043). No row = off; the dialog itself runs in
 * the web app, timed from the login session's creation.
 */
export const realityCheckSettings = pgTable(
  'reality_check_settings',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    intervalMinutes: smallint('interval_minutes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reality_check_settings_interval', sql`${t.intervalMinutes} IN (0, 15, 30, 45, 60, 90, 120)`)],
);
