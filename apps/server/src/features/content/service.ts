import { toPage, type ContentDocument, type DocumentCategory, type DocumentSummary, type Lang } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { findPublished, pagePublished, upsertSeeded, type DocumentRow } from './repo.js';
import { seedDocuments, seedTexts } from './seed-documents.js';

/** Writes the built-in documents at start (idempotent, safe when several nodes boot at once). */
export async function seedContent(ex: Executor): Promise<void> {
  const rows = seedDocuments.flatMap((doc) =>
    (['zh', 'en'] as const).flatMap((lang) => {
      const text = seedTexts[lang][doc.key];
      return text ? [{ ...doc, lang, ...text }] : [];
    }),
  );
  await upsertSeeded(ex, rows);
}

function toSummary(row: DocumentRow): DocumentSummary {
  return {
    key: row.key,
    category: row.category,
    title: row.title,
    summary: row.summary,
    lang: row.lang,
    version: row.version,
    publishTime: toIso(row.publishedAt),
  };
}

/** A document by key in the caller's language; Chinese (the reference text) when it has no translation. */
export async function documentByKey(ex: Executor, key: string, lang: Lang): Promise<ContentDocument> {
  const rows = await findPublished(ex, key, lang === 'zh' ? ['zh'] : [lang, 'zh']);
  const row = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'zh');
  if (!row) throw new AppError('NOT_FOUND', `document ${key}`);
  return { ...toSummary(row), content: row.body };
}

export async function documentList(ex: Executor, lang: Lang, category: DocumentCategory | undefined, page: number, pageSize: number) {
  const { rows, total } = await pagePublished(ex, lang, category, page, pageSize);
  return toPage(rows.map(toSummary), page, pageSize, total);
}
