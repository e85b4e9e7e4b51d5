import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentCategory, Lang } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { documents } from './tables.js';

export type DocumentRow = typeof documents.$inferSelect;

/** A published document in each of the given languages (at most one row per language). */
export function findPublished(ex: Executor, key: string, langs: Lang[]): Promise<DocumentRow[]> {
  return ex
    .select()
    .from(documents)
    .where(and(eq(documents.key, key), inArray(documents.lang, langs), eq(documents.published, true)));
}

/**
 * One page of published documents in a language, falling back per key to Chinese when the language has
 * no row: the union of the language's rows and the Chinese rows whose key has no such row.
 */
export async function pagePublished(ex: Executor, lang: Lang, category: DocumentCategory | undefined, page: number, pageSize: number) {
  const translated = sql`exists (select 1 from ${documents} d2 where d2.key = ${documents.key} and d2.lang = ${lang} and d2.published)`;
  const where = and(
    eq(documents.published, true),
    category ? eq(documents.category, category) : undefined,
    lang === 'zh' ? eq(documents.lang, 'zh') : sql`(${documents.lang} = ${lang} or (${documents.lang} = 'zh' and not ${translated}))`,
  );
  const [rows, [total]] = await Promise.all([
    ex.select().from(documents).where(where).orderBy(asc(documents.category), asc(documents.sortOrder), asc(documents.key)).limit(pageSize).offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(documents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
