import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { intParam, noNul, pagingParams } from './params.js';

/**
 * Documents served by the server (issue 9 item 17; the content issue makes them editable): help,
 * support, legal and news. The body is Markdown; clients render it as text, never as HTML.
 */
export const documentCategories = ['help', 'support', 'legal', 'news'] as const;
export const documentCategorySchema = z.enum(documentCategories);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

/** The stable key of a document, also its route segment: /docs/help/{key}, /docs/support/{key}. */
export const documentKeySchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

export const documentParams = z.object({ key: documentKeySchema });
/** GET /api/common/documentList (spec §7: page 1, pageSize 15); no category = every category. */
export const documentListParams = pagingParams.extend({
  category: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), documentCategorySchema.optional()),
  /** Search in title, summary and body (case-insensitive, taken literally: `%` and `_` are not wildcards). */
  keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().max(50).refine(noNul).optional()),
});

export const documentSummarySchema = z.object({
  key: documentKeySchema,
  category: documentCategorySchema,
  title: text,
  /** One line for lists. */
  summary: text,
  /** The language actually served: the asked one, or Chinese when no translation exists. */
  lang: z.enum(['zh', 'en']),
  version: int,
  publishTime: text,
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
export const documentSchema = documentSummarySchema.extend({ content: text });
export type ContentDocument = z.infer<typeof documentSchema>;

/** GET /api/common/customerService: how to reach a person, and where the self-help pages are. */
export const customerServiceSchema = z.object({
  email: text,
  /** Hours in the served language, e.g. "每天 10:00–22:00（北京时间）". */
  hours: text,
  /** Expected time to a first answer, in hours. */
  replyWithinHours: int,
  /** An online-chat link when the operator has one; null otherwise. */
  chatUrl: nullableText,
  /** The support document with the full contact details. */
  documentKey: documentKeySchema,
});
export type CustomerService = z.infer<typeof customerServiceSchema>;

/** A link a client may follow: a site path (not `//host`) or an https address; never javascript: and the like. */
export const isSafeLink = (url: string) => /^\/([^/]|$)/.test(url) || url.startsWith('https://');

/** GET /api/common/notice {topN = 1}: the newest published notices, newest first (spec §7). */
export const noticeParams = z.object({ topN: intParam(1, 10).default(1) });
export const noticeSchema = z.object({
  id: int,
  /** Stable across languages and versions: clients remember "seen" as key + version. */
  key: documentKeySchema,
  title: text,
  /** Markdown, rendered as text (never as HTML). */
  content: text,
  /** "More": a site path or an https address, or null. */
  url: nullableText,
  version: int,
  lang: z.enum(['zh', 'en']),
  publishTime: text,
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/common/bannerList: the banners scheduled now in the caller's language (`lang` header), in order. */
export const bannerSchema = z.object({
  id: int,
  title: text,
  /** The image's text alternative. */
  alt: text,
  /** Relative path under the image host, or null: clients draw the title on a gradient. */
  image: nullableText,
  /** A site path or an https address. */
  url: text,
  /** Display order, smallest first. */
  weight: int,
  startTime: nullableText,
  endTime: nullableText,
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * GET /api/common/listInterface: the public calls this server offers, from the same registered routes as
 * docs/API.md (docs/decisions/0029). One row per method and path.
 */
export const interfaceParamSchema = z.object({
  name: text,
  /** As docs/API.md writes it: `integer`, `string`, `"help" \| "legal"`, … */
  type: text,
  required: bool,
  default: z.unknown().optional(),
});
export const interfaceSchema = z.object({
  method: z.enum(['GET', 'POST']),
  path: text,
  /** True when the call needs a logged-in `token`. */
  auth: bool,
  params: z.array(interfaceParamSchema),
  /** The answer's `data` as docs/API.md writes it, e.g. `{pageData, page, pageSize, totalRows, totalPages}`. */
  response: text,
});
export type InterfaceInfo = z.infer<typeof interfaceSchema>;
