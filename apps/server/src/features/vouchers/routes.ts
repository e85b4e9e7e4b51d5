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
import { apiRoute } from '../../platform/http/route.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { couponPage, rewardPage, usableCoupons, useRewardVouchers, voucherPage } from './service.js';

const P = '/api/personalCenter';

export function voucherRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getMyVoucherPage`,
      auth: 'required',
      params: voucherPageParams,
      response: pageSchema(voucherSchema).extend({ extData: voucherCountSchema }),
      handler: ({ userId, params }) => voucherPage(ctx.db, userId, params.stat, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getMyRewardPage`,
      auth: 'required',
      params: voucherPageParams,
      response: pageSchema(voucherSchema),
      handler: ({ userId, params }) => rewardPage(ctx.db, userId, params.stat, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getMyCouponPage`,
      auth: 'required',
      params: couponPageParams,
      response: pageSchema(voucherSchema),
      handler: ({ userId, params }) => couponPage(ctx.db, userId, params.couponType, params.stat, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getMyCoupons`,
      auth: 'required',
      params: couponListParams,
      response: z.array(voucherSchema),
      handler: ({ userId, params }) => usableCoupons(ctx.db, userId, params.couponType),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/useRewardVoucher`,
      auth: 'required',
      idempotent: { db: ctx.db },
      params: useRewardVoucherParams,
      response: useRewardVoucherResultSchema,
      handler: ({ userId, params, request }) => useRewardVouchers(ctx.db, userId, params.rewardVoucherIds, deviceIdOf(request)),
    });
  };
}
