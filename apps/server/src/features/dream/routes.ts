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
import { playerRouter } from '../../platform/http/routers.js';
import { dreamConfig, startDream } from './service.js';
import { currentDreamSettings } from './settings.js';
import { myDreamLog, recordPage, stakeItemPage, targetPage } from './records.js';

const U = '/api/upgrade';

export function dreamRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    r.get(`${U}/getUpgradeConfig`, emptyParams, dreamConfigSchema, async () => dreamConfig(await currentDreamSettings(ctx)));
    r.get(`${U}/page`, dreamTargetParams, pageSchema(dreamTargetSchema), async ({ params }) =>
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
    );
    signedIn.get(`${U}/myVoucher`, dreamStakeItemParams, pageSchema(dreamStakeItemSchema), ({ userId, params }) =>
      stakeItemPage(ctx.db, userId, params),
    );
    money.post(
      `${U}/startUpgrade`,
      startDreamParams,
      dreamResultSchema,
      ({ userId, params }) =>
        startDream(ctx, {
          userId,
          targetItemId: params.upgradeGiftId,
          probability: params.probability,
          stakeItemIds: params.vouchers,
          confirmedCoinsFen: params.quantity,
        }),
      { exactResponse: true },
    );
    r.get(`${U}/upgradeRecordPage`, pagingParams, pageSchema(dreamRecordSchema), ({ params }) =>
      recordPage(ctx.db, params.page, params.pageSize),
    );
    signedIn.get('/api/personalCenter/getMyDreamLog', pagingParams, pageSchema(myDreamLogSchema), ({ userId, params }) =>
      myDreamLog(ctx.db, userId, params.page, params.pageSize),
    );
  };
}
