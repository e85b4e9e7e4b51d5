import type { z } from 'zod';
import {
  toPage,
  type AdminActivity,
  type AdminBanner,
  type AdminBannerImage,
  type AdminDocument,
  type AdminDocumentSummary,
  type AdminNotice,
  type adminActivityUpdateParams,
  type adminBannerCreateParams,
  type adminBannerUpdateParams,
  type adminDocumentListParams,
  type adminDocumentSaveParams,
  type adminNoticeCreateParams,
  type adminNoticeUpdateParams,
  type Page,
  type PagingParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import * as content from './repo.js';
import type { BannerRow, DocumentRow, NoticeRow } from '../repo.js';
import { eventOperatorRepo as events, type ActivityRow } from '../../events/index.js';
import { audited, type Actor } from '../../admin/index.js';
import { storeBannerImage } from './banner-image.js';

/**
 * Screen 10 (content): documents, notices, banners and activities. Each change is one transaction holding
 * the locked row, the write and exactly one audit row (before and after); a refusal writes nothing. Texts
 * are stored exactly as typed: the player's pages render documents as sanitised Markdown and everything
 * else as plain text, so markup an operator types stays inert (decision 0029).
 */

type Ctx = Pick<AppContext, 'db'>;
type UploadCtx = Pick<AppContext, 'db' | 'config'>;
const date = (iso: string | null) => (iso === null ? null : new Date(iso));

function documentSummary(r: DocumentRow): AdminDocumentSummary {
  return {
    key: r.key,
    lang: r.lang,
    category: r.category,
    title: r.title,
    summary: r.summary,
    version: r.version,
    sortOrder: r.sortOrder,
    published: r.published,
    source: r.source,
    publishedAt: toIso(r.publishedAt),
    updatedAt: toIso(r.updatedAt),
  };
}
const toDocument = (r: DocumentRow): AdminDocument => ({ ...documentSummary(r), body: r.body });

const toNotice = (r: NoticeRow): AdminNotice => ({
  id: r.id,
  key: r.key,
  lang: r.lang,
  title: r.title,
  body: r.body,
  url: r.url,
  version: r.version,
  published: r.published,
  source: r.source,
  publishedAt: toIso(r.publishedAt),
  updatedAt: toIso(r.updatedAt),
});

const toBanner = (r: BannerRow): AdminBanner => ({
  id: r.id,
  key: r.key,
  lang: r.lang,
  title: r.title,
  alt: r.alt,
  image: r.image,
  url: r.url,
  sortOrder: r.sortOrder,
  startsAt: r.startsAt ? toIso(r.startsAt) : null,
  endsAt: r.endsAt ? toIso(r.endsAt) : null,
  visible: r.visible,
  source: r.source,
  updatedAt: toIso(r.updatedAt),
});

const toActivity = (r: ActivityRow): AdminActivity => ({
  id: r.id,
  slug: r.slug,
  kind: r.kind,
  metric: r.metric,
  period: r.period,
  titleZh: r.titleZh,
  titleEn: r.titleEn,
  rulesZh: r.rulesZh,
  rulesEn: r.rulesEn,
  target: r.target,
  rewardKind: r.rewardKind,
  rewardFen: r.rewardFen,
  prizesFen: r.prizesFen,
  startsAt: toIso(r.startsAt),
  endsAt: r.endsAt ? toIso(r.endsAt) : null,
  enabled: r.enabled,
  sortOrder: r.sortOrder,
});

// ---------------------------------------------------------------- documents

export async function pageDocuments(ctx: Ctx, q: z.output<typeof adminDocumentListParams>): Promise<Page<AdminDocumentSummary>> {
  const { rows, total } = await content.pageAllDocuments(
    ctx.db,
    { category: q.category, lang: q.lang, keyword: q.keyword },
    q.page,
    q.pageSize,
  );
  return toPage(rows.map(documentSummary), q.page, q.pageSize, total);
}

export async function documentDetail(ctx: Ctx, key: string): Promise<AdminDocument[]> {
  const rows = await content.documentRowsOfKey(ctx.db, key);
  if (rows.length === 0) throw new AppError('ADMIN_CONTENT_NOT_FOUND', `document ${key}`);
  return rows.map(toDocument);
}

/**
 * Saves one language of a document. A new version raises `version` and moves the publish time to now (or
 * the time given: a future one schedules it); a correction keeps both unless a time is given.
 */
export async function saveDocument(ctx: Ctx, actor: Actor, p: z.output<typeof adminDocumentSaveParams>): Promise<AdminDocument> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const existing = await content.lockDocument(tx, p.key, p.lang);
    const now = new Date();
    const values: content.DocumentWrite = {
      category: p.category,
      title: p.title,
      summary: p.summary,
      body: p.body,
      sortOrder: p.sortOrder,
      published: p.published,
      version: existing ? existing.version + (p.newVersion ? 1 : 0) : 1,
      publishedAt: date(p.publishAt) ?? (existing && !p.newVersion ? existing.publishedAt : now),
    };
    let row: DocumentRow;
    if (existing) {
      row = await content.updateDocument(tx, existing.id, values);
    } else {
      const inserted = await content.insertDocument(tx, p.key, p.lang, values);
      if (!inserted) throw new AppError('ADMIN_CONTENT_EXISTS', `document ${p.key}/${p.lang}`);
      row = inserted;
    }
    await content.alignDocumentKey(tx, p.key, p.category, p.sortOrder);
    await audited(
      tx,
      actor,
      existing ? 'content.document.update' : 'content.document.create',
      { type: 'document', id: `${p.key}:${p.lang}` },
      existing ? toDocument(existing) : null,
      toDocument(row),
    );
    return toDocument(row);
  });
}

// ---------------------------------------------------------------- notices

export async function pageNotices(ctx: Ctx, q: PagingParams & { lang?: 'zh' | 'en' | undefined }): Promise<Page<AdminNotice>> {
  const { rows, total } = await content.pageAllNotices(ctx.db, q.lang, q.page, q.pageSize);
  return toPage(rows.map(toNotice), q.page, q.pageSize, total);
}

export async function createNotice(ctx: Ctx, actor: Actor, p: z.output<typeof adminNoticeCreateParams>): Promise<AdminNotice> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await content.insertNotice(tx, p.key, p.lang, {
      title: p.title,
      body: p.body,
      url: p.url,
      version: 1,
      published: p.published,
      publishedAt: date(p.publishAt) ?? new Date(),
    });
    if (!row) throw new AppError('ADMIN_CONTENT_EXISTS', `notice ${p.key}/${p.lang}`);
    await audited(tx, actor, 'content.notice.create', { type: 'notice', id: row.id }, null, toNotice(row));
    return toNotice(row);
  });
}

/**
 * Edits, publishes or archives (unpublishes) a notice. A new version shows it again to every browser that
 * saw the old one (decision 0029) and, like publishing it again, moves its publish time to now.
 */
export async function updateNotice(ctx: Ctx, actor: Actor, p: z.output<typeof adminNoticeUpdateParams>): Promise<AdminNotice> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const existing = await content.lockNotice(tx, p.id);
    if (!existing) throw new AppError('ADMIN_CONTENT_NOT_FOUND', `notice ${p.id}`);
    const republished = p.published && !existing.published;
    const row = await content.updateNotice(tx, p.id, {
      title: p.title,
      body: p.body,
      url: p.url,
      version: existing.version + (p.newVersion ? 1 : 0),
      published: p.published,
      publishedAt: date(p.publishAt) ?? (p.newVersion || republished ? new Date() : existing.publishedAt),
    });
    await audited(tx, actor, 'content.notice.update', { type: 'notice', id: row.id }, toNotice(existing), toNotice(row));
    return toNotice(row);
  });
}

// ---------------------------------------------------------------- banners

export async function pageBanners(ctx: Ctx, q: PagingParams & { lang?: 'zh' | 'en' | undefined }): Promise<Page<AdminBanner>> {
  const { rows, total } = await content.pageAllBanners(ctx.db, q.lang, q.page, q.pageSize);
  return toPage(rows.map(toBanner), q.page, q.pageSize, total);
}

const bannerValues = (p: z.output<typeof adminBannerUpdateParams>): content.BannerWrite => ({
  title: p.title,
  alt: p.alt,
  image: p.image,
  url: p.url,
  sortOrder: p.sortOrder,
  startsAt: date(p.startsAt),
  endsAt: date(p.endsAt),
  visible: p.visible,
});

export async function createBanner(ctx: Ctx, actor: Actor, p: z.output<typeof adminBannerCreateParams>): Promise<AdminBanner> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await content.insertBanner(tx, p.key, p.lang, bannerValues({ ...p, id: 0 }));
    if (!row) throw new AppError('ADMIN_CONTENT_EXISTS', `banner ${p.key}/${p.lang}`);
    await audited(tx, actor, 'content.banner.create', { type: 'banner', id: row.id }, null, toBanner(row));
    return toBanner(row);
  });
}

/** Edits, reorders, shows or hides (archives) a banner. */
export async function updateBanner(ctx: Ctx, actor: Actor, p: z.output<typeof adminBannerUpdateParams>): Promise<AdminBanner> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const existing = await content.lockBanner(tx, p.id);
    if (!existing) throw new AppError('ADMIN_CONTENT_NOT_FOUND', `banner ${p.id}`);
    const row = await content.updateBanner(tx, p.id, bannerValues(p));
    await audited(tx, actor, 'content.banner.update', { type: 'banner', id: row.id }, toBanner(existing), toBanner(row));
    return toBanner(row);
  });
}

/**
 * Stores an uploaded banner picture (re-encoded, banner-image.ts) and records who uploaded which file. The
 * file alone changes nothing players see: a banner shows it once an audited save points at it.
 */
export async function uploadBannerImage(ctx: UploadCtx, actor: Actor, base64: string): Promise<AdminBannerImage> {
  const stored = await storeBannerImage(ctx.config.imageDir, base64);
  await runInTransaction(ctx.db, async ({ tx }) => {
    await audited(tx, actor, 'content.banner.imageUpload', { type: 'banner_image', id: stored.image }, null, stored);
  });
  return stored;
}

// ---------------------------------------------------------------- events

export async function pageActivities(ctx: Ctx, q: PagingParams): Promise<Page<AdminActivity>> {
  const { rows, total } = await events.pageAllActivities(ctx.db, q.page, q.pageSize);
  return toPage(rows.map(toActivity), q.page, q.pageSize, total);
}

export async function updateActivity(ctx: Ctx, actor: Actor, p: z.output<typeof adminActivityUpdateParams>): Promise<AdminActivity> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const existing = await events.lockActivity(tx, p.id);
    if (!existing) throw new AppError('ADMIN_ACTIVITY_NOT_FOUND', `activity ${p.id}`);
    const row = await events.updateActivity(tx, p.id, {
      titleZh: p.titleZh,
      titleEn: p.titleEn,
      rulesZh: p.rulesZh,
      rulesEn: p.rulesEn,
      startsAt: new Date(p.startsAt),
      endsAt: date(p.endsAt),
      enabled: p.enabled,
      sortOrder: p.sortOrder,
    });
    await audited(tx, actor, 'content.activity.update', { type: 'activity', id: row.id }, toActivity(existing), toActivity(row));
    return toActivity(row);
  });
}
