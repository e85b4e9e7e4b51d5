import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { documentCategorySchema, isSafeLink } from './content.js';
import { pageSchema } from './envelope.js';
import { eventKinds, eventMetricSchema, eventPeriods, eventRewardKinds } from './events.js';
import { boolParam, idParam, intIdParam, intParam, noNul, pagingParams } from './params.js';

/**
 * Operator console screen 10 (content), issue 16: the documents, notices and banners of the content
 * feature (decision 0029) and the activities of the events feature (decision 0030), edited in place.
 * Every text is stored as typed and served as data: documents are Markdown that the player's page renders
 * without raw HTML (react-markdown + rehype-sanitize), notices, banners and activity rules are plain text.
 * Links are site paths or https addresses only.
 */

export const contentLangs = ['zh', 'en'] as const;
export type ContentLang = (typeof contentLangs)[number];
const langParam = z.enum(contentLangs, { error: '语言只能是 zh（中文）或 en（英文）' });

/** A trimmed text of 1..max characters (0..max when `optional`), with a Chinese message naming the field. */
const textParam = (label: string, max: number, min = 1) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, { error: `请填写${label}` })
    .max(max, { error: `${label}不能超过${max}个字符` })
    .refine(noNul, { error: `${label}含有不允许的字符` });

/** Empty or absent → null (an optional English text, a link, a picture). */
const emptyToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

export const DOCUMENT_BODY_MAX = 20_000;
export const NOTICE_BODY_MAX = 2_000;
export const EVENT_RULES_MAX = 2_000;

/**
 * A link the console lets an operator store: a site path (`/promotions`, never `//host` or `/\host`,
 * which browsers read as another site) or an https address with a host. No whitespace or control
 * characters, so nothing like `java\tscript:` slips through. Stricter than `isSafeLink`, which the
 * player's pages and the tables check again.
 */
export function isConsoleSafeLink(url: string): boolean {
  // Whitespace, backslashes and control characters (code points below 0x20 and 0x7f) are never part of a link we store.
  if (
    url.length > 500 ||
    /[\s\\]/.test(url) ||
    [...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) ||
    !isSafeLink(url)
  )
    return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

const linkMessage = '链接只能是以 / 开头的站内路径或 https:// 地址';
export const contentLinkParam = z.string({ error: linkMessage }).trim().refine(isConsoleSafeLink, { error: linkMessage });
const optionalLinkParam = z.preprocess(emptyToNull, contentLinkParam.nullable());

/**
 * A banner picture: a path on the image host (`/images/….webp`, `/img/…`: letters, digits, `._-/` only)
 * or an https address. Pictures are not uploaded here: the image host serves the catalogue's files.
 */
const imageMessage = '图片地址只能是站内路径（如 /images/banner.webp）或 https:// 地址';
const imageParam = z.preprocess(
  emptyToNull,
  z
    .string({ error: imageMessage })
    .trim()
    .refine(
      (v) =>
        v.startsWith('/')
          ? /^\/[A-Za-z0-9._-][A-Za-z0-9._/-]{0,300}$/.test(v) && !v.includes('//') && !v.includes('..')
          : isConsoleSafeLink(v),
      {
        error: imageMessage,
      },
    )
    .nullable(),
);

/** An instant with its offset (`2026-11-25T12:00:00.000Z`); empty → null (now, or no bound). */
const instantMessage = '时间格式应为 ISO 8601（如 2026-11-25T12:00:00Z）';
const instantParam = z.preprocess(emptyToNull, z.iso.datetime({ offset: true, error: instantMessage }).nullable());

const contentKeyParam = z
  .string({ error: '请填写键名' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: '键名只能用小写字母、数字和 -，最长40个字符' });

const sortOrderParam = intParam(0, 1_000_000).default(0);

/** Start before end when both are given. */
const windowInOrder = (v: { startsAt: string | null; endsAt: string | null }) =>
  v.startsAt === null || v.endsAt === null || Date.parse(v.startsAt) < Date.parse(v.endsAt);
const windowMessage = { error: '结束时间必须晚于开始时间', path: ['endsAt'] };

// ---------------------------------------------------------------- documents

export const adminDocumentListParams = pagingParams.extend({
  category: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), documentCategorySchema.optional()),
  lang: z.preprocess((v) => (v === '' ? undefined : v), langParam.optional()),
  /** Key or title, taken literally. */
  keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(50).refine(noNul).optional()),
});

/** 'seed': still the built-in text (a release may upgrade it); 'operator': edited here, never overwritten. */
const contentSourceSchema = z.enum(['seed', 'operator']);
const contentLangSchema = z.enum(contentLangs);
/** Whether players see it, whose text it is, when it was published and last edited. */
const publicationShape = { published: bool, source: contentSourceSchema, publishedAt: text, updatedAt: text };

export const adminDocumentSummarySchema = z.object({
  key: text,
  lang: contentLangSchema,
  category: documentCategorySchema,
  title: text,
  summary: text,
  version: int,
  sortOrder: int,
  ...publicationShape,
});
export type AdminDocumentSummary = z.infer<typeof adminDocumentSummarySchema>;
export const adminDocumentPage = pageSchema(adminDocumentSummarySchema);
export const adminDocumentSchema = adminDocumentSummarySchema.extend({ body: text });
export type AdminDocument = z.infer<typeof adminDocumentSchema>;

export const adminDocumentParams = z.object({ key: contentKeyParam });
/** Every language's row of one document key. */
export const adminDocumentDetail = z.array(adminDocumentSchema);

/**
 * Saves one language of a document (a new key or language creates it). `newVersion` raises the version
 * and the publish time (players see "version N, date"); off, it is a correction of the same version.
 * Category and order belong to the key: they change in every language.
 */
export const adminDocumentSaveParams = z.object({
  key: contentKeyParam,
  lang: langParam,
  category: documentCategorySchema,
  title: textParam('标题', 100),
  summary: textParam('摘要', 200, 0).default(''),
  body: textParam('正文', DOCUMENT_BODY_MAX),
  sortOrder: sortOrderParam,
  published: boolParam.default(true),
  /** A future time schedules the publication; null = now (with a new version) or unchanged. */
  publishAt: instantParam.default(null),
  newVersion: boolParam.default(true),
});

// ---------------------------------------------------------------- notices

export const adminNoticeSchema = z.object({
  id: int,
  key: text,
  lang: contentLangSchema,
  title: text,
  /** Plain text: the player's overlay shows it as text, line breaks kept. */
  body: text,
  url: nullableText,
  version: int,
  ...publicationShape,
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;
export const adminNoticePage = pageSchema(adminNoticeSchema);
export const adminNoticeListParams = pagingParams.extend({
  lang: z.preprocess((v) => (v === '' ? undefined : v), langParam.optional()),
});

const noticeFields = {
  title: textParam('标题', 100),
  body: textParam('公告内容', NOTICE_BODY_MAX),
  url: optionalLinkParam.default(null),
  published: boolParam.default(true),
  publishAt: instantParam.default(null),
};
export const adminNoticeCreateParams = z.object({ key: contentKeyParam, lang: langParam, ...noticeFields });
/**
 * `newVersion` shows the notice again to browsers that have seen it (decision 0029: once per version).
 * Notices, banners and documents have serial (integer) ids: a larger id must be refused here, not by
 * PostgreSQL ("out of range for type integer", issue 10 §7).
 */
export const adminNoticeUpdateParams = z.object({ id: intIdParam, ...noticeFields, newVersion: boolParam.default(true) });
export const adminContentIdParams = z.object({ id: intIdParam });

// ---------------------------------------------------------------- banners

export const adminBannerSchema = z.object({
  id: int,
  key: text,
  lang: contentLangSchema,
  title: text,
  alt: text,
  image: nullableText,
  url: text,
  sortOrder: int,
  startsAt: nullableText,
  endsAt: nullableText,
  visible: bool,
  source: contentSourceSchema,
  updatedAt: text,
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerPage = pageSchema(adminBannerSchema);
export const adminBannerListParams = adminNoticeListParams;

const bannerFields = {
  title: textParam('标题', 60),
  alt: textParam('图片说明', 200),
  image: imageParam.default(null),
  url: contentLinkParam,
  sortOrder: sortOrderParam,
  startsAt: instantParam.default(null),
  endsAt: instantParam.default(null),
  visible: boolParam.default(true),
};
export const adminBannerCreateParams = z
  .object({ key: contentKeyParam, lang: langParam, ...bannerFields })
  .refine(windowInOrder, windowMessage);
export const adminBannerUpdateParams = z.object({ id: intIdParam, ...bannerFields }).refine(windowInOrder, windowMessage);

// ---------------------------------------------------------------- events (activities)

export const adminActivitySchema = z.object({
  id: int,
  slug: text,
  kind: z.enum(eventKinds),
  metric: eventMetricSchema,
  period: z.enum(eventPeriods),
  titleZh: text,
  titleEn: nullableText,
  rulesZh: text,
  rulesEn: nullableText,
  target: int,
  rewardKind: z.enum(eventRewardKinds),
  rewardFen: int,
  prizesFen: z.array(int),
  startsAt: text,
  endsAt: nullableText,
  enabled: bool,
  sortOrder: int,
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;
export const adminActivityPage = pageSchema(adminActivitySchema);
export const adminActivityListParams = pagingParams;

/**
 * What the console edits of an activity: its texts, its time window, whether it runs and its place in the
 * list. Kind, metric, period, target and rewards stay as seeded: they decide what is paid for a period
 * already under way (decision 0030), so changing them is a promotions decision, not a content edit.
 */
export const adminActivityUpdateParams = z
  .object({
    id: idParam,
    titleZh: textParam('中文标题', 60),
    titleEn: z.preprocess(emptyToNull, textParam('英文标题', 60).nullable()).default(null),
    rulesZh: textParam('中文规则', EVENT_RULES_MAX),
    rulesEn: z.preprocess(emptyToNull, textParam('英文规则', EVENT_RULES_MAX).nullable()).default(null),
    startsAt: z.iso.datetime({ offset: true, error: instantMessage }),
    endsAt: instantParam.default(null),
    enabled: boolParam,
    sortOrder: sortOrderParam,
  })
  .refine(windowInOrder, windowMessage);

// ---------------------------------------------------------------- banner pictures

/** security.md: a picture upload is JPG, PNG or WebP of at most 2 MB (the avatar's rule), re-encoded. */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The upload travels as base64 in a form field: 4 characters per 3 bytes. */
export const adminBannerImageParams = z.object({
  data: z
    .string({ error: '请上传2MB以内的JPG、PNG或WEBP图片' })
    .max(Math.ceil(BANNER_IMAGE_MAX_BYTES / 3) * 4, { error: '请上传2MB以内的JPG、PNG或WEBP图片' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: '请上传2MB以内的JPG、PNG或WEBP图片' }),
});
/** Where the stored picture is served: `/img/banners/{random}.webp`, ready for a banner's `image`. */
export const adminBannerImageResult = z.object({ image: text, bytes: int, width: int, height: int });
export type AdminBannerImage = z.infer<typeof adminBannerImageResult>;
