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
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
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

const C = '/api/admin/content';
/** A document of DOCUMENT_BODY_MAX Chinese characters, form-encoded (9 bytes each), with room to spare. */
const DOCUMENT_BODY_LIMIT = 256 * 1024;
/** A 2 MB picture as base64 in a form field (+, / and = percent-encoded), with room to spare. */
const BANNER_IMAGE_BODY_LIMIT = 4 * 1024 * 1024;

/** Screen 10 (content, /api/admin/content/*): content.read to look, content.write to change. */
export function registerContentConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const actor = (operator: { id: number }, ip: string) => ({ operatorId: operator.id, ip });

  apiRoute(app, {
    method: 'GET',
    url: `${C}/documents`,
    params: adminDocumentListParams,
    response: adminDocumentPage,
    operator: { permission: 'content.read' },
    handler: ({ params }) => pageDocuments(ctx, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: `${C}/document`,
    params: adminDocumentParams,
    response: adminDocumentDetail,
    operator: { permission: 'content.read' },
    handler: ({ params }) => documentDetail(ctx, params.key),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${C}/documents/save`,
    params: adminDocumentSaveParams,
    response: adminDocumentSchema,
    operator: { permission: 'content.write' },
    bodyLimit: DOCUMENT_BODY_LIMIT,
    handler: ({ params, operator, ip }) => saveDocument(ctx, actor(operator, ip), params),
  });

  apiRoute(app, {
    method: 'GET',
    url: `${C}/notices`,
    params: adminNoticeListParams,
    response: adminNoticePage,
    operator: { permission: 'content.read' },
    handler: ({ params }) => pageNotices(ctx, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${C}/notices/create`,
    params: adminNoticeCreateParams,
    response: adminNoticeSchema,
    operator: { permission: 'content.write' },
    handler: ({ params, operator, ip }) => createNotice(ctx, actor(operator, ip), params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${C}/notices/update`,
    params: adminNoticeUpdateParams,
    response: adminNoticeSchema,
    operator: { permission: 'content.write' },
    handler: ({ params, operator, ip }) => updateNotice(ctx, actor(operator, ip), params),
  });

  apiRoute(app, {
    method: 'GET',
    url: `${C}/banners`,
    params: adminBannerListParams,
    response: adminBannerPage,
    operator: { permission: 'content.read' },
    handler: ({ params }) => pageBanners(ctx, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${C}/banners/create`,
    params: adminBannerCreateParams,
    response: adminBannerSchema,
    operator: { permission: 'content.write' },
    handler: ({ params, operator, ip }) => createBanner(ctx, actor(operator, ip), params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${C}/banners/update`,
    params: adminBannerUpdateParams,
    response: adminBannerSchema,
    operator: { permission: 'content.write' },
    handler: ({ params, operator, ip }) => updateBanner(ctx, actor(operator, ip), params),
  });

  apiRoute(app, {
    method: 'POST',
    url: `${C}/banners/image`,
    params: adminBannerImageParams,
    response: adminBannerImageResult,
    operator: { permission: 'content.write' },
    bodyLimit: BANNER_IMAGE_BODY_LIMIT,
    rateLimit: { max: 30, timeWindowMs: 60_000 },
    handler: ({ params, operator, ip }) => uploadBannerImage(ctx, actor(operator, ip), params.data),
  });

  apiRoute(app, {
    method: 'GET',
    url: `${C}/events`,
    params: adminActivityListParams,
    response: adminActivityPage,
    operator: { permission: 'content.read' },
    handler: ({ params }) => pageActivities(ctx, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${C}/events/update`,
    params: adminActivityUpdateParams,
    response: adminActivitySchema,
    operator: { permission: 'content.write' },
    handler: ({ params, operator, ip }) => updateActivity(ctx, actor(operator, ip), params),
  });
}
