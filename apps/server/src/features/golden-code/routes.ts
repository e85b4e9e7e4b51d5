import type { FastifyInstance } from 'fastify';
import { pageSchema } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { goldenCodePageParams, goldenCodeReceiveParams, goldenCodeRecordSchema, goldenCodeRewardSchema } from '@skinfair/contract';
import { goldenCodeRecords, redeemGoldenCode } from './service.js';

export function goldenCodeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      // The sibling's path for Golden Code redemption (api-shapes §4.13).
      method: 'POST',
      url: '/api/redPacket/receive',
      auth: 'required',
      idempotent: { db: ctx.db },
      rateLimit: { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 },
      bodyLimit: 1024,
      params: goldenCodeReceiveParams,
      response: goldenCodeRewardSchema,
      handler: ({ userId, params, ip, request }) => redeemGoldenCode(ctx, userId, params.code, ip, deviceIdOf(request)),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getMyGoldenCodePage',
      auth: 'required',
      params: goldenCodePageParams,
      response: pageSchema(goldenCodeRecordSchema),
      handler: ({ userId, params }) => goldenCodeRecords(ctx.db, userId, params.page, params.pageSize),
    });
  };
}
