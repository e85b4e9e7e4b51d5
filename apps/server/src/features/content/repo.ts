import { and, asc, desc, eq, ilike, inArray, isNull, lte, gt, or, sql } from 'drizzle-orm';
import type { DocumentCategory, Lang } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { banners, documents, notices } from './tables.js';
import { selectPage } from '../../platform/db/paging.js';
import { likePattern } from '../../platform/db/like.js';

export type DocumentRow = typeof documents.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;

/** Published and due: a row with a future publish time waits for it. */
const servedDocument = () => and(eq(documents.published, true), lte(documents.publishedAt, sql`now()`));

/** `%text%` for ILIKE with the text taken literally (`\\`, `%` and `_` escaped; backslash is the default escape). */

/** A published document in each of the given languages (at most one row per language). */
export function findPublished(ex: Executor, key: string, langs: Lang[]): Promise<DocumentRow[]> {
  return ex
    .select()
    .from(documents)
    .where(and(eq(documents.key, key), inArray(documents.lang, langs), servedDocument()));
}

/**
 * One page of published documents in a language, falling back per key to Chinese when the language has
 * no row: the union of the language's rows and the Chinese rows whose key has no such row.
 */
export interface DocumentFilter {
  category: DocumentCategory | undefined;
  keyword: string | undefined;
}

export async function pagePublished(ex: Executor, lang: Lang, filter: DocumentFilter, page: number, pageSize: number) {
  const translated = sql`exists (select 1 from ${documents} d2 where d2.key = ${documents.key} and d2.lang = ${lang} and d2.published and d2.published_at <= now())`;
  const pattern = filter.keyword ? likePattern(filter.keyword) : null;
  const where = and(
    servedDocument(),
    filter.category ? eq(documents.category, filter.category) : undefined,
    pattern ? or(ilike(documents.title, pattern), ilike(documents.summary, pattern), ilike(documents.body, pattern)) : undefined,
    lang === 'zh' ? eq(documents.lang, 'zh') : sql`(${documents.lang} = ${lang} or (${documents.lang} = 'zh' and not ${translated}))`,
  );
  const query = ex.select().from(documents).where(where).orderBy(asc(documents.category), asc(documents.sortOrder), asc(documents.key));
  const { rows, totalRows } = await selectPage(ex, { query, from: documents, where }, page, pageSize);
  return { rows, total: totalRows };
}

/**
 * Inserts seeded documents; a row still holding an older seeded text is upgraded, a row an operator
 * edited (source 'operator') is left alone.
 */
export async function upsertSeeded(ex: Executor, rows: (typeof documents.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insert(documents)
    .values(rows)
    .onConflictDoUpdate({
      target: [documents.key, documents.lang],
      set: {
        category: sql`excluded.category`,
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        body: sql`excluded.body`,
        version: sql`excluded.version`,
        sortOrder: sql`excluded.sort_order`,
        publishedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${documents.source} = 'seed' and ${documents.version} < excluded.version`,
    });
}

/**
 * The newest published notices in a language, falling back per key to Chinese like documents: a notice
 * exists once, in the best language the caller reads.
 */
export function latestNotices(ex: Executor, lang: Lang, topN: number): Promise<NoticeRow[]> {
  const translated = sql`exists (select 1 from ${notices} n2 where n2.key = ${notices.key} and n2.lang = ${lang} and n2.published and n2.published_at <= now())`;
  return ex
    .select()
    .from(notices)
    .where(
      and(
        eq(notices.published, true),
        lte(notices.publishedAt, sql`now()`),
        lang === 'zh' ? eq(notices.lang, 'zh') : sql`(${notices.lang} = ${lang} or (${notices.lang} = 'zh' and not ${translated}))`,
      ),
    )
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(topN);
}

/** Banners visible now in exactly this language (a banner's picture carries its language's words). */
export function scheduledBanners(ex: Executor, lang: Lang): Promise<BannerRow[]> {
  return ex
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.visible, true),
        eq(banners.lang, lang),
        or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
        or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

export async function upsertSeededNotices(ex: Executor, rows: (typeof notices.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insert(notices)
    .values(rows)
    .onConflictDoUpdate({
      target: [notices.key, notices.lang],
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        url: sql`excluded.url`,
        version: sql`excluded.version`,
        publishedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${notices.source} = 'seed' and ${notices.version} < excluded.version`,
    });
}

export async function upsertSeededBanners(ex: Executor, rows: (typeof banners.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insert(banners)
    .values(rows)
    .onConflictDoUpdate({
      target: [banners.key, banners.lang],
      set: {
        title: sql`excluded.title`,
        alt: sql`excluded.alt`,
        image: sql`excluded.image`,
        url: sql`excluded.url`,
        sortOrder: sql`excluded.sort_order`,
        version: sql`excluded.version`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${banners.source} = 'seed' and ${banners.version} < excluded.version`,
    });
}
