import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  couponListParams,
  couponPageParams,
  pageSchema,
  useRewardVoucherParams,
  useRewardVoucherResultSchema,
  voucherCountSchema,
  voucherPageParams,
  voucherSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { couponPage, rewardPage, usableCoupons, useRewardVouchers, voucherPage } from './service.js';

const P = '/api/personalCenter';

export function voucherRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    signedIn.get(
      `${P}/getMyVoucherPage`,
      voucherPageParams,
      pageSchema(voucherSchema).extend({ extData: voucherCountSchema }),
      ({ userId, params }) => voucherPage(ctx.db, userId, params.stat, params.page, params.pageSize),
    );
    signedIn.get(`${P}/getMyRewardPage`, voucherPageParams, pageSchema(voucherSchema), ({ userId, params }) =>
      rewardPage(ctx.db, userId, params.stat, params.page, params.pageSize),
    );
    signedIn.get(`${P}/getMyCouponPage`, couponPageParams, pageSchema(voucherSchema), ({ userId, params }) =>
      couponPage(ctx.db, userId, params.couponType, params.stat, params.page, params.pageSize),
    );
    signedIn.get(`${P}/getMyCoupons`, couponListParams, z.array(voucherSchema), ({ userId, params }) =>
      usableCoupons(ctx.db, userId, params.couponType),
    );
    money.post(`${P}/useRewardVoucher`, useRewardVoucherParams, useRewardVoucherResultSchema, ({ userId, params, request }) =>
      useRewardVouchers(ctx.db, userId, params.rewardVoucherIds, deviceIdOf(request)),
    );
  };
}
