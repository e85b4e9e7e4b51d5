import type { FastifyInstance } from 'fastify';
import {
  pageSchema,
  pagingParams,
  purchaseRecordSchema,
  shopBuyParams,
  shopBuyResultSchema,
  shopItemSchema,
  shopPageParams,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { buy, purchaseRecords, shopPage } from './service.js';

export function shopRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/shop/page',
      params: shopPageParams,
      response: pageSchema(shopItemSchema),
      handler: ({ params }) => shopPage(ctx.db, params, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/shop/buy',
      idempotent: { db: ctx.db },
      exactResponse: true,
      auth: 'required',
      params: shopBuyParams,
      response: shopBuyResultSchema,
      handler: ({ userId, params }) => buy(ctx, userId, params.id, params.quantity, params.couponId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getMyPurchasePage',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(purchaseRecordSchema),
      handler: ({ userId, params }) => purchaseRecords(ctx.db, userId, params.page, params.pageSize),
    });
  };
}
