import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dropItemSchema,
  freeBoxSchema,
  openCaseParams,
  openCaseResultSchema,
  openFreeBoxParams,
  openRecordSchema,
  pageSchema,
  pagingParams,
  recentCaseGiftParams,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { lastBoxDrops } from '../stats/index.js';
import { openRecords } from '../fairness/index.js';
import { openBox } from './open-box.js';
import { freeBoxPage, grantBoxOf } from './free-boxes.js';

export function caseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'POST',
      url: '/api/case/openCase',
      idempotent: { db: ctx.db },
      exactResponse: true,
      auth: 'required',
      params: openCaseParams,
      response: openCaseResultSchema,
      handler: ({ userId, params }) => openBox(ctx, { userId, boxId: params.caseId, count: params.number, couponId: params.couponId }),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/case/recentCaseGift',
      params: recentCaseGiftParams,
      response: z.array(dropItemSchema),
      handler: ({ params }) => lastBoxDrops(ctx.db, params.caseId, params.limit, params.isTop),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getMyFreeBoxPage',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(freeBoxSchema),
      handler: ({ userId, params }) => freeBoxPage(ctx.db, userId, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: ['GET', 'POST'],
      url: '/api/personalCenter/openFreeBox',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: openFreeBoxParams,
      response: openCaseResultSchema,
      handler: async ({ userId, params, request }) =>
        openBox(ctx, {
          userId,
          boxId: await grantBoxOf(ctx.db, userId, params.id),
          count: 1,
          freeGrantId: params.id,
          deviceId: deviceIdOf(request),
        }),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getMyOpenBoxPage',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(openRecordSchema),
      handler: ({ userId, params }) => openRecords(ctx.db, userId, params.page, params.pageSize),
    });
  };
}
