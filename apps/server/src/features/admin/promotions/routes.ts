import type { FastifyInstance } from 'fastify';
import {
  adminGoldenCodePage,
  adminGoldenCodeSchema,
  adminVoucherListParams,
  adminVoucherPage,
  adminVoucherSchema,
  emptyParams,
  firstDepositParams,
  firstDepositSchema,
  goldenCodeCreateParams,
  goldenCodeDisabledParams,
  goldenCodeListParams,
  goldenCodeRedemptionListParams,
  goldenCodeRedemptionPage,
  issueCouponParams,
  issueRedPacketParams,
  orApprovalPending,
  promotionLevelsParams,
  promotionLevelsSchema,
  revokeVoucherParams,
  vipLadderParams,
  vipLadderSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../admin-route.js';
import { createCode, listCodeRedemptions, listGoldenCodes, setCodeDisabled } from './golden-codes.js';
import { issueCoupon, issueRedPacket, listVouchers, revokeVoucher } from './vouchers.js';
import { firstDeposit, promotionLevels, saveFirstDeposit, savePromotionLevels, saveVipLadder, vipLadder } from './ladders.js';

/** Screen 8 (promotions and rewards, /api/admin/promotions/*): promotions.read to look, promotions.write to change. */
export function promotionAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const P = '/api/admin/promotions' as const;

  adminRoute(app, db, {
    method: 'GET',
    url: `${P}/goldenCodes`,
    params: goldenCodeListParams,
    response: adminGoldenCodePage,
    permission: 'promotions.read',
    handler: ({ params }) => listGoldenCodes(ctx, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: `${P}/goldenCodes/redemptions`,
    params: goldenCodeRedemptionListParams,
    response: goldenCodeRedemptionPage,
    permission: 'promotions.read',
    handler: ({ params }) => listCodeRedemptions(ctx, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/goldenCodes/create`,
    params: goldenCodeCreateParams,
    response: orApprovalPending(adminGoldenCodeSchema),
    permission: 'promotions.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => createCode(ctx, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/goldenCodes/disabled`,
    params: goldenCodeDisabledParams,
    response: adminGoldenCodeSchema,
    permission: 'promotions.write',
    handler: ({ params, operator, ip }) => setCodeDisabled(ctx, { operatorId: operator.id, ip }, params.id, params.disabled),
  });

  adminRoute(app, db, {
    method: 'GET',
    url: `${P}/vouchers`,
    params: adminVoucherListParams,
    response: adminVoucherPage,
    permission: 'promotions.read',
    handler: ({ params }) => listVouchers(ctx, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/redPackets/issue`,
    params: issueRedPacketParams,
    response: orApprovalPending(adminVoucherSchema),
    permission: 'promotions.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => issueRedPacket(ctx, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/redPackets/revoke`,
    params: revokeVoucherParams,
    response: adminVoucherSchema,
    permission: 'promotions.write',
    handler: ({ params, operator, ip }) => revokeVoucher(ctx, { operatorId: operator.id, ip }, 0, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/coupons/issue`,
    params: issueCouponParams,
    response: orApprovalPending(adminVoucherSchema),
    permission: 'promotions.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => issueCoupon(ctx, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/coupons/revoke`,
    params: revokeVoucherParams,
    response: adminVoucherSchema,
    permission: 'promotions.write',
    handler: ({ params, operator, ip }) => revokeVoucher(ctx, { operatorId: operator.id, ip }, 1, params),
  });

  adminRoute(app, db, {
    method: 'GET',
    url: `${P}/vipGrades`,
    params: emptyParams,
    response: vipLadderSchema,
    permission: 'promotions.read',
    handler: () => vipLadder(ctx),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/vipGrades`,
    params: vipLadderParams,
    response: vipLadderSchema,
    permission: 'promotions.write',
    handler: ({ params, operator, ip }) => saveVipLadder(ctx, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: `${P}/levels`,
    params: emptyParams,
    response: promotionLevelsSchema,
    permission: 'promotions.read',
    handler: () => promotionLevels(ctx),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/levels`,
    params: promotionLevelsParams,
    response: promotionLevelsSchema,
    permission: 'promotions.write',
    handler: ({ params, operator, ip }) => savePromotionLevels(ctx, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: `${P}/firstDeposit`,
    params: emptyParams,
    response: firstDepositSchema,
    permission: 'promotions.read',
    handler: () => firstDeposit(ctx),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: `${P}/firstDeposit`,
    params: firstDepositParams,
    response: firstDepositSchema,
    permission: 'promotions.write',
    handler: ({ params, operator, ip }) => saveFirstDeposit(ctx, { operatorId: operator.id, ip }, params),
  });
}
