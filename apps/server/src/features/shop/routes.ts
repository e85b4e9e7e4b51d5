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
import { playerRouter } from '../../platform/http/routers.js';
import { buy, purchaseRecords, shopPage } from './service.js';

export function shopRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    r.get('/api/shop/page', shopPageParams, pageSchema(shopItemSchema), ({ params }) =>
      shopPage(ctx.db, params, params.page, params.pageSize),
    );
    money.post(
      '/api/shop/buy',
      shopBuyParams,
      shopBuyResultSchema,
      ({ userId, params }) => buy(ctx, userId, params.id, params.quantity, params.couponId),
      { exactResponse: true },
    );
    signedIn.get('/api/personalCenter/getMyPurchasePage', pagingParams, pageSchema(purchaseRecordSchema), ({ userId, params }) =>
      purchaseRecords(ctx.db, userId, params.page, params.pageSize),
    );
  };
}
