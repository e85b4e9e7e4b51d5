import type { FastifyInstance } from 'fastify';
import {
  adminVoucherListParams,
  adminVoucherPage,
  adminVoucherSchema,
  issueCouponParams,
  issueRedPacketParams,
  orApprovalPending,
  revokeVoucherParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { issueCoupon, issueRedPacket, listVouchers, revokeVoucher } from './vouchers.js';

/** Screen 8, red packets and coupons (/api/admin/promotions/*): promotions.read to look, promotions.write to change. */
export function registerVoucherConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const P = '/api/admin/promotions' as const;

  const r = consoleRouter(app);
  const idempotent = consoleRouter(app, { idempotent: { db } });

  r.get(`${P}/vouchers`, adminVoucherListParams, adminVoucherPage, 'promotions.read', ({ params }) => listVouchers(ctx, params));
  idempotent.post(
    `${P}/redPackets/issue`,
    issueRedPacketParams,
    orApprovalPending(adminVoucherSchema),
    'promotions.write',
    ({ params, actor }) => issueRedPacket(ctx, actor, params),
  );
  r.post(`${P}/redPackets/revoke`, revokeVoucherParams, adminVoucherSchema, 'promotions.write', ({ params, actor }) =>
    revokeVoucher(ctx, actor, 0, params),
  );
  idempotent.post(`${P}/coupons/issue`, issueCouponParams, orApprovalPending(adminVoucherSchema), 'promotions.write', ({ params, actor }) =>
    issueCoupon(ctx, actor, params),
  );
  r.post(`${P}/coupons/revoke`, revokeVoucherParams, adminVoucherSchema, 'promotions.write', ({ params, actor }) =>
    revokeVoucher(ctx, actor, 1, params),
  );
}
