import { isSafeLink, toPage, type Banner, type ContentDocument, type DocumentSummary, type Lang, type Notice } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { loadSiteSettings, withSiteFigures } from '../common/index.js';
import {
  findPublished,
  latestNotices,
  pagePublished,
  scheduledBanners,
  upsertSeeded,
  upsertSeededBanners,
  upsertSeededNotices,
  type DocumentFilter,
  type DocumentRow,
} from './repo.js';
import { seedDocuments, seedTexts } from './seed-documents.js';
import { seedBanners, seedNotices } from './seed-notices-banners.js';

const langs = ['zh', 'en'] as const;

/** Writes the built-in documents, notice and banners at start (idempotent, safe when several nodes boot at once). */
export async function seedContent(ex: Executor): Promise<void> {
  const rows = seedDocuments.flatMap((doc) =>
    (['zh', 'en'] as const).flatMap((lang) => {
      const text = seedTexts[lang][doc.key];
      return text ? [{ ...doc, lang, ...text }] : [];
    }),
  );
  await upsertSeeded(ex, rows);
  await upsertSeededNotices(
    ex,
    seedNotices.flatMap(({ text, ...n }) => langs.map((lang) => ({ ...n, lang, ...text[lang] }))),
  );
  await upsertSeededBanners(
    ex,
    seedBanners.flatMap(({ text, ...b }) => langs.map((lang) => ({ ...b, lang, ...text[lang] }))),
  );
}

type Figures = Parameters<typeof withSiteFigures>[1];

function toSummary(row: DocumentRow, figures: Figures): DocumentSummary {
  return {
    key: row.key,
    category: row.category,
    title: withSiteFigures(row.title, figures),
    summary: withSiteFigures(row.summary, figures),
    lang: row.lang,
    version: row.version,
    publishTime: toIso(row.publishedAt),
  };
}

/** Public texts write `{firstDepositPercent}` where the percent in force goes (issue 27 §5): no text states an old rate. */
/** A document by key in the caller's language; Chinese (the reference text) when it has no translation. */
export async function documentByKey(ex: Executor, key: string, lang: Lang): Promise<ContentDocument> {
  const rows = await findPublished(ex, key, lang === 'zh' ? ['zh'] : [lang, 'zh']);
  const row = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'zh');
  if (!row) throw new AppError('NOT_FOUND', `document ${key}`);
  const figures = await loadSiteSettings(ex);
  return { ...toSummary(row, figures), content: withSiteFigures(row.body, figures) };
}

export async function documentList(ex: Executor, lang: Lang, filter: DocumentFilter, page: number, pageSize: number) {
  const { rows, total } = await pagePublished(ex, lang, filter, page, pageSize);
  const figures = await loadSiteSettings(ex);
  return toPage(
    rows.map((r) => toSummary(r, figures)),
    page,
    pageSize,
    total,
  );
}

/** The newest `topN` notices (spec §7 common/notice). */
export async function noticeList(ex: Executor, lang: Lang, topN: number): Promise<Notice[]> {
  const rows = await latestNotices(ex, lang, topN);
  const settings = await loadSiteSettings(ex);
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    title: withSiteFigures(r.title, settings),
    content: withSiteFigures(r.body, settings),
    url: r.url && isSafeLink(r.url) ? r.url : null,
    version: r.version,
    lang: r.lang,
    publishTime: toIso(r.publishedAt),
  }));
}

/** The banners scheduled now in the caller's language (spec §7 common/bannerList). */
export async function bannerList(ex: Executor, lang: Lang): Promise<Banner[]> {
  const rows = await scheduledBanners(ex, lang);
  const settings = await loadSiteSettings(ex);
  // The table refuses unsafe links already; checked again so no stored row can make a client follow one.
  return rows
    .filter((r) => isSafeLink(r.url))
    .map((r) => ({
      id: r.id,
      title: withSiteFigures(r.title, settings),
      alt: withSiteFigures(r.alt, settings),
      image: r.image,
      url: r.url,
      weight: r.sortOrder,
      startTime: r.startsAt ? toIso(r.startsAt) : null,
      endTime: r.endsAt ? toIso(r.endsAt) : null,
    }));
}
