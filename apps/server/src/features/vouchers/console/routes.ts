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
import { apiRoute } from '../../../platform/http/route.js';
import { issueCoupon, issueRedPacket, listVouchers, revokeVoucher } from './vouchers.js';

/** Screen 8, red packets and coupons (/api/admin/promotions/*): promotions.read to look, promotions.write to change. */
export function registerVoucherConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const P = '/api/admin/promotions' as const;

  apiRoute(app, {
    method: 'GET',
    url: `${P}/vouchers`,
    params: adminVoucherListParams,
    response: adminVoucherPage,
    operator: { permission: 'promotions.read' },
    handler: ({ params }) => listVouchers(ctx, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/redPackets/issue`,
    params: issueRedPacketParams,
    response: orApprovalPending(adminVoucherSchema),
    operator: { permission: 'promotions.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => issueRedPacket(ctx, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/redPackets/revoke`,
    params: revokeVoucherParams,
    response: adminVoucherSchema,
    operator: { permission: 'promotions.write' },
    handler: ({ params, operator, ip }) => revokeVoucher(ctx, { operatorId: operator.id, ip }, 0, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/coupons/issue`,
    params: issueCouponParams,
    response: orApprovalPending(adminVoucherSchema),
    operator: { permission: 'promotions.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => issueCoupon(ctx, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/coupons/revoke`,
    params: revokeVoucherParams,
    response: adminVoucherSchema,
    operator: { permission: 'promotions.write' },
    handler: ({ params, operator, ip }) => revokeVoucher(ctx, { operatorId: operator.id, ip }, 1, params),
  });
}
