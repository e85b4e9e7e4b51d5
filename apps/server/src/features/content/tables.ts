import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * Public notices (spec §7 common/notice), one row per key and language. Clients show the newest one once per
 * version; an operator raises the version to show an edited notice again. Same seed/operator rule as documents.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    lang: text('lang').$type<'zh' | 'en'>().notNull(),
    title: text('title').notNull(),
    /** Markdown, rendered as text by clients (never as HTML). */
    body: text('body').notNull(),
    /** Where "more" leads: a site path or an https address. */
    url: text('url'),
    version: integer('version').notNull().default(1),
    published: boolean('published').notNull().default(true),
    source: text('source').$type<'seed' | 'operator'>().notNull().default('seed'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notices_key_lang').on(t.key, t.lang),
    index('notices_lang_published').on(t.lang, t.publishedAt),
    check('notices_url_safe', sql`${t.url} IS NULL OR ${t.url} ~ '^(/([^/]|$)|https://)'`),
  ],
);

/**
 * Home-page banners (spec §7 common/bannerList), one row per key and language, shown in `sortOrder` between
 * `startsAt` and `endsAt` (open ends allowed). The link is a site path or an https address, never anything a
 * browser would run.
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    lang: text('lang').$type<'zh' | 'en'>().notNull(),
    title: text('title').notNull(),
    /** The image's text alternative (what the banner says). */
    alt: text('alt').notNull(),
    /** A relative image path under the image host; null draws the title on the theme's gradient. */
    image: text('image'),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    visible: boolean('visible').notNull().default(true),
    version: integer('version').notNull().default(1),
    source: text('source').$type<'seed' | 'operator'>().notNull().default('seed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('banners_key_lang').on(t.key, t.lang),
    index('banners_lang_order').on(t.lang, t.sortOrder),
    check('banners_url_safe', sql`${t.url} ~ '^(/([^/]|$)|https://)'`),
    check('banners_schedule', sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`),
  ],
);
