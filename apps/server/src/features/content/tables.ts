import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Documents (legal texts, help, support, news), one row per key and language. Rows the code seeds carry
 * source 'seed' and are upgraded when the seed's version grows; a row an operator edits becomes
 * 'operator' and is never overwritten by a restart.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    lang: text('lang').$type<'zh' | 'en'>().notNull(),
    category: text('category').$type<'help' | 'support' | 'legal' | 'news'>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown, rendered as text by clients (never as HTML). */
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    source: text('source').$type<'seed' | 'operator'>().notNull().default('seed'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documents_key_lang').on(t.key, t.lang), index('documents_category').on(t.category, t.sortOrder)],
);
