import type { FastifyInstance } from 'fastify';
import {
  adminGoldenCodePage,
  adminGoldenCodeSchema,
  goldenCodeCreateParams,
  goldenCodeDisabledParams,
  goldenCodeListParams,
  goldenCodeRedemptionListParams,
  goldenCodeRedemptionPage,
  orApprovalPending,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../../admin/index.js';
import { createCode, listCodeRedemptions, listGoldenCodes, setCodeDisabled } from './golden-codes.js';

/** Screen 8, the Golden Codes (/api/admin/promotions/goldenCodes*): promotions.read to look, promotions.write to change. */
export function registerGoldenCodeConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
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
}
