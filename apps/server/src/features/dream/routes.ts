import type { FastifyInstance } from 'fastify';
import {
  dreamConfigSchema,
  dreamRecordSchema,
  dreamResultSchema,
  dreamStakeItemParams,
  dreamStakeItemSchema,
  dreamTargetParams,
  dreamTargetSchema,
  emptyParams,
  myDreamLogSchema,
  pageSchema,
  pagingParams,
  startDreamParams,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { dreamConfig, startDream } from './service.js';
import { currentDreamSettings } from './settings.js';
import { myDreamLog, recordPage, stakeItemPage, targetPage } from './records.js';

const U = '/api/upgrade';

export function dreamRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: `${U}/getUpgradeConfig`,
      params: emptyParams,
      response: dreamConfigSchema,
      handler: async () => dreamConfig(await currentDreamSettings(ctx)),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${U}/page`,
      params: dreamTargetParams,
      response: pageSchema(dreamTargetSchema),
      handler: async ({ params }) =>
        targetPage(ctx.db, await currentDreamSettings(ctx), {
          giftName: params.giftName,
          exterior: params.exterior,
          grade: params.rarity,
          category: params.type,
          orderByPrice: params.orderByPrice,
          priceStart: params.priceStart,
          priceEnd: params.priceEnd,
          page: params.page,
          pageSize: params.pageSize,
        }),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${U}/myVoucher`,
      auth: 'required',
      params: dreamStakeItemParams,
      response: pageSchema(dreamStakeItemSchema),
      handler: ({ userId, params }) => stakeItemPage(ctx.db, userId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${U}/startUpgrade`,
      idempotent: { db: ctx.db },
      exactResponse: true,
      auth: 'required',
      params: startDreamParams,
      response: dreamResultSchema,
      handler: ({ userId, params }) =>
        startDream(ctx, {
          userId,
          targetItemId: params.upgradeGiftId,
          probability: params.probability,
          stakeItemIds: params.vouchers,
          confirmedCoinsFen: params.quantity,
        }),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${U}/upgradeRecordPage`,
      params: pagingParams,
      response: pageSchema(dreamRecordSchema),
      handler: ({ params }) => recordPage(ctx.db, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getMyDreamLog',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(myDreamLogSchema),
      handler: ({ userId, params }) => myDreamLog(ctx.db, userId, params.page, params.pageSize),
    });
  };
}
