import type { FastifyInstance } from 'fastify';
import {
  adminActivityListParams,
  adminActivityPage,
  adminActivitySchema,
  adminActivityUpdateParams,
  adminBannerCreateParams,
  adminBannerImageParams,
  adminBannerImageResult,
  adminBannerListParams,
  adminBannerPage,
  adminBannerSchema,
  adminBannerUpdateParams,
  adminDocumentDetail,
  adminDocumentListParams,
  adminDocumentPage,
  adminDocumentParams,
  adminDocumentSaveParams,
  adminDocumentSchema,
  adminNoticeCreateParams,
  adminNoticeListParams,
  adminNoticePage,
  adminNoticeSchema,
  adminNoticeUpdateParams,
  emptyParams,
  supportContactParams,
  supportContactSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import {
  createBanner,
  createNotice,
  documentDetail,
  pageActivities,
  pageBanners,
  pageDocuments,
  pageNotices,
  saveDocument,
  updateActivity,
  updateBanner,
  updateNotice,
  uploadBannerImage,
} from './content.js';
import { saveSupportContact, supportContact } from './support-contact.js';

const C = '/api/admin/content';
/** A document of DOCUMENT_BODY_MAX Chinese characters, form-encoded (9 bytes each), with room to spare. */
const DOCUMENT_BODY_LIMIT = 256 * 1024;
/** A 2 MB picture as base64 in a form field (+, / and = percent-encoded), with room to spare. */
const BANNER_IMAGE_BODY_LIMIT = 4 * 1024 * 1024;

/** Screen 10 (content, /api/admin/content/*): content.read to look, content.write to change. */
export function registerContentConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = consoleRouter(app);

  r.get(`${C}/documents`, adminDocumentListParams, adminDocumentPage, 'content.read', ({ params }) => pageDocuments(ctx, params));
  r.get(`${C}/document`, adminDocumentParams, adminDocumentDetail, 'content.read', ({ params }) => documentDetail(ctx, params.key));
  r.post(
    `${C}/documents/save`,
    adminDocumentSaveParams,
    adminDocumentSchema,
    'content.write',
    ({ params, actor }) => saveDocument(ctx, actor, params),
    { bodyLimit: DOCUMENT_BODY_LIMIT },
  );

  r.get(`${C}/notices`, adminNoticeListParams, adminNoticePage, 'content.read', ({ params }) => pageNotices(ctx, params));
  r.post(`${C}/notices/create`, adminNoticeCreateParams, adminNoticeSchema, 'content.write', ({ params, actor }) =>
    createNotice(ctx, actor, params),
  );
  r.post(`${C}/notices/update`, adminNoticeUpdateParams, adminNoticeSchema, 'content.write', ({ params, actor }) =>
    updateNotice(ctx, actor, params),
  );

  r.get(`${C}/banners`, adminBannerListParams, adminBannerPage, 'content.read', ({ params }) => pageBanners(ctx, params));
  r.post(`${C}/banners/create`, adminBannerCreateParams, adminBannerSchema, 'content.write', ({ params, actor }) =>
    createBanner(ctx, actor, params),
  );
  r.post(`${C}/banners/update`, adminBannerUpdateParams, adminBannerSchema, 'content.write', ({ params, actor }) =>
    updateBanner(ctx, actor, params),
  );

  r.post(
    `${C}/banners/image`,
    adminBannerImageParams,
    adminBannerImageResult,
    'content.write',
    ({ params, actor }) => uploadBannerImage(ctx, actor, params.data),
    { bodyLimit: BANNER_IMAGE_BODY_LIMIT, rateLimit: { max: 30, timeWindowMs: 60_000 } },
  );

  r.get(`${C}/events`, adminActivityListParams, adminActivityPage, 'content.read', ({ params }) => pageActivities(ctx, params));
  r.post(`${C}/events/update`, adminActivityUpdateParams, adminActivitySchema, 'content.write', ({ params, actor }) =>
    updateActivity(ctx, actor, params),
  );

  // Content → 站点设置: the customer-service contact ways (issue 27 §5).
  r.get('/api/admin/settings/support', emptyParams, supportContactSchema, 'content.read', () => supportContact(ctx));
  r.post('/api/admin/settings/support', supportContactParams, supportContactSchema, 'content.write', ({ params, actor }) =>
    saveSupportContact(ctx, actor, params),
  );
}
