import { z } from 'zod';
import { pagingParams } from './params.js';

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
});

export const documentSummarySchema = z.object({
  key: documentKeySchema,
  category: documentCategorySchema,
  title: z.string(),
  /** One line for lists. */
  summary: z.string(),
  /** The language actually served: the asked one, or Chinese when no translation exists. */
  lang: z.enum(['zh', 'en']),
  version: z.number().int(),
  publishTime: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
export const documentSchema = documentSummarySchema.extend({ content: z.string() });
export type ContentDocument = z.infer<typeof documentSchema>;

/** GET /api/common/customerService: how to reach a person, and where the self-help pages are. */
export const customerServiceSchema = z.object({
  email: z.string(),
  /** Hours in the served language, e.g. "每天 10:00–22:00（北京时间）". */
  hours: z.string(),
  /** Expected time to a first answer, in hours. */
  replyWithinHours: z.number().int(),
  /** An online-chat link when the operator has one; null otherwise. */
  chatUrl: z.string().nullable(),
  /** The support document with the full contact details. */
  documentKey: documentKeySchema,
});
export type CustomerService = z.infer<typeof customerServiceSchema>;
