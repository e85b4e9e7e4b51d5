import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-editable site settings (sysConfig and friends), one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
