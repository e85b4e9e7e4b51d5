import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentCategory, Lang } from '@skinfair/contract';
import type { Executor } from '../../../platform/db/client.js';
import type { BannerRow, DocumentRow, NoticeRow } from '../repo.js';
import { banners, documents, notices } from '../tables.js';
import { selectPage } from '../../../platform/db/paging.js';
import { likePattern } from '../../../platform/db/like.js';

/**
 * The operator console's reads and writes of this feature's tables (issue 16 screen 10). Every row written
 * here becomes `source 'operator'`, so the seed never overwrites it at the next start (decision 0029). Rows
 * are never deleted: the seed would put a deleted built-in row back at the next start, so a notice is
 * archived by unpublishing it and a banner by hiding it. The player routes read the same rows with no
 * cache in between: a committed edit is served at once.
 */

export interface OperatorDocumentFilter {
  category?: DocumentCategory | undefined;
  lang?: Lang | undefined;
  keyword?: string | undefined;
}

/** Every row, published or not, by category, order and key; no bodies. */
export async function pageAllDocuments(ex: Executor, filter: OperatorDocumentFilter, page: number, pageSize: number) {
  const pattern = filter.keyword ? likePattern(filter.keyword) : null;
  const where = and(
    filter.category ? eq(documents.category, filter.category) : undefined,
    filter.lang ? eq(documents.lang, filter.lang) : undefined,
    pattern ? or(ilike(documents.key, pattern), ilike(documents.title, pattern)) : undefined,
  );
  const query = ex
    .select()
    .from(documents)
    .where(where)
    .orderBy(asc(documents.category), asc(documents.sortOrder), asc(documents.key), desc(documents.lang));
  const { rows, totalRows } = await selectPage(ex, { query, from: documents, where }, page, pageSize);
  return { rows, total: totalRows };
}

export function documentRowsOfKey(ex: Executor, key: string): Promise<DocumentRow[]> {
  return ex.select().from(documents).where(eq(documents.key, key)).orderBy(desc(documents.lang));
}

/** The row, locked for the rest of the transaction (two operators saving at once queue up). */
export async function lockDocument(ex: Executor, key: string, lang: Lang): Promise<DocumentRow | null> {
  const [row] = await ex
    .select()
    .from(documents)
    .where(and(eq(documents.key, key), eq(documents.lang, lang)))
    .for('update');
  return row ?? null;
}

export type DocumentWrite = Pick<
  DocumentRow,
  'category' | 'title' | 'summary' | 'body' | 'version' | 'sortOrder' | 'published' | 'publishedAt'
>;

/** Null when a concurrent save created the row first. */
export async function insertDocument(ex: Executor, key: string, lang: Lang, values: DocumentWrite): Promise<DocumentRow | null> {
  const [row] = await ex
    .insert(documents)
    .values({ key, lang, ...values, source: 'operator', updatedAt: sql`now()` })
    .onConflictDoNothing({ target: [documents.key, documents.lang] })
    .returning();
  return row ?? null;
}

export async function updateDocument(ex: Executor, id: number, values: DocumentWrite): Promise<DocumentRow> {
  const [row] = await ex
    .update(documents)
    .set({ ...values, source: 'operator', updatedAt: sql`now()` })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

/** Category and order belong to the key: the other languages' rows follow (and become the operator's). */
export async function alignDocumentKey(ex: Executor, key: string, category: DocumentCategory, sortOrder: number): Promise<void> {
  await ex
    .update(documents)
    .set({ category, sortOrder, source: 'operator', updatedAt: sql`now()` })
    .where(and(eq(documents.key, key), or(sql`${documents.category} <> ${category}`, sql`${documents.sortOrder} <> ${sortOrder}`)));
}

// ---------------------------------------------------------------- notices

export async function pageAllNotices(ex: Executor, lang: Lang | undefined, page: number, pageSize: number) {
  const where: SQL | undefined = lang ? eq(notices.lang, lang) : undefined;
  const query = ex.select().from(notices).where(where).orderBy(desc(notices.publishedAt), desc(notices.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: notices, where }, page, pageSize);
  return { rows, total: totalRows };
}

export async function lockNotice(ex: Executor, id: number): Promise<NoticeRow | null> {
  const [row] = await ex.select().from(notices).where(eq(notices.id, id)).for('update');
  return row ?? null;
}

export type NoticeWrite = Pick<NoticeRow, 'title' | 'body' | 'url' | 'version' | 'published' | 'publishedAt'>;

/** Null when the key already exists in that language. */
export async function insertNotice(ex: Executor, key: string, lang: Lang, values: NoticeWrite): Promise<NoticeRow | null> {
  const [row] = await ex
    .insert(notices)
    .values({ key, lang, ...values, source: 'operator', updatedAt: sql`now()` })
    .onConflictDoNothing({ target: [notices.key, notices.lang] })
    .returning();
  return row ?? null;
}

export async function updateNotice(ex: Executor, id: number, values: NoticeWrite): Promise<NoticeRow> {
  const [row] = await ex
    .update(notices)
    .set({ ...values, source: 'operator', updatedAt: sql`now()` })
    .where(eq(notices.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------- banners

export async function pageAllBanners(ex: Executor, lang: Lang | undefined, page: number, pageSize: number) {
  const where: SQL | undefined = lang ? eq(banners.lang, lang) : undefined;
  const query = ex.select().from(banners).where(where).orderBy(desc(banners.lang), asc(banners.sortOrder), asc(banners.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: banners, where }, page, pageSize);
  return { rows, total: totalRows };
}

export async function lockBanner(ex: Executor, id: number): Promise<BannerRow | null> {
  const [row] = await ex.select().from(banners).where(eq(banners.id, id)).for('update');
  return row ?? null;
}

export type BannerWrite = Pick<BannerRow, 'title' | 'alt' | 'image' | 'url' | 'sortOrder' | 'startsAt' | 'endsAt' | 'visible'>;

/** Null when the key already exists in that language. */
export async function insertBanner(ex: Executor, key: string, lang: Lang, values: BannerWrite): Promise<BannerRow | null> {
  const [row] = await ex
    .insert(banners)
    .values({ key, lang, ...values, source: 'operator', updatedAt: sql`now()` })
    .onConflictDoNothing({ target: [banners.key, banners.lang] })
    .returning();
  return row ?? null;
}

export async function updateBanner(ex: Executor, id: number, values: BannerWrite): Promise<BannerRow> {
  const [row] = await ex
    .update(banners)
    .set({ ...values, version: sql`${banners.version} + 1`, source: 'operator', updatedAt: sql`now()` })
    .where(eq(banners.id, id))
    .returning();
  return row!;
}
