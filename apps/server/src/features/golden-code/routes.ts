import type { FastifyInstance } from 'fastify';
import { pageSchema } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { goldenCodePageParams, goldenCodeReceiveParams, goldenCodeRecordSchema, goldenCodeRewardSchema } from '@skinfair/contract';
import { goldenCodeRecords, redeemGoldenCode } from './service.js';

export function goldenCodeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    // The sibling's path for Golden Code redemption (api-shapes §4.13).
    money.post(
      '/api/redPacket/receive',
      goldenCodeReceiveParams,
      goldenCodeRewardSchema,
      ({ userId, params, ip, request }) => redeemGoldenCode(ctx, userId, params.code, ip, deviceIdOf(request)),
      { rateLimit: { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 }, bodyLimit: 1024 },
    );
    signedIn.get(
      '/api/personalCenter/getMyGoldenCodePage',
      goldenCodePageParams,
      pageSchema(goldenCodeRecordSchema),
      ({ userId, params }) => goldenCodeRecords(ctx.db, userId, params.page, params.pageSize),
    );
  };
}
