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
import { apiRoute } from '../../../platform/http/route.js';
import { createCode, listCodeRedemptions, listGoldenCodes, setCodeDisabled } from './golden-codes.js';

/** Screen 8, the Golden Codes (/api/admin/promotions/goldenCodes*): promotions.read to look, promotions.write to change. */
export function registerGoldenCodeConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const P = '/api/admin/promotions' as const;

  apiRoute(app, {
    method: 'GET',
    url: `${P}/goldenCodes`,
    params: goldenCodeListParams,
    response: adminGoldenCodePage,
    operator: { permission: 'promotions.read' },
    handler: ({ params }) => listGoldenCodes(ctx, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: `${P}/goldenCodes/redemptions`,
    params: goldenCodeRedemptionListParams,
    response: goldenCodeRedemptionPage,
    operator: { permission: 'promotions.read' },
    handler: ({ params }) => listCodeRedemptions(ctx, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/goldenCodes/create`,
    params: goldenCodeCreateParams,
    response: orApprovalPending(adminGoldenCodeSchema),
    operator: { permission: 'promotions.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => createCode(ctx, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/goldenCodes/disabled`,
    params: goldenCodeDisabledParams,
    response: adminGoldenCodeSchema,
    operator: { permission: 'promotions.write' },
    handler: ({ params, operator, ip }) => setCodeDisabled(ctx, { operatorId: operator.id, ip }, params.id, params.disabled),
  });
}
