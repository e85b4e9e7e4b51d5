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
import { consoleRouter } from '../../../platform/http/routers.js';
import { createCode, listCodeRedemptions, listGoldenCodes, setCodeDisabled } from './golden-codes.js';

/** Screen 8, the Golden Codes (/api/admin/promotions/goldenCodes*): promotions.read to look, promotions.write to change. */
export function registerGoldenCodeConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const P = '/api/admin/promotions' as const;

  const r = consoleRouter(app);

  r.get(`${P}/goldenCodes`, goldenCodeListParams, adminGoldenCodePage, 'promotions.read', ({ params }) => listGoldenCodes(ctx, params));
  r.get(`${P}/goldenCodes/redemptions`, goldenCodeRedemptionListParams, goldenCodeRedemptionPage, 'promotions.read', ({ params }) =>
    listCodeRedemptions(ctx, params),
  );
  r.post(
    `${P}/goldenCodes/create`,
    goldenCodeCreateParams,
    orApprovalPending(adminGoldenCodeSchema),
    'promotions.write',
    ({ params, actor }) => createCode(ctx, actor, params),
    { idempotent: { db } },
  );
  r.post(`${P}/goldenCodes/disabled`, goldenCodeDisabledParams, adminGoldenCodeSchema, 'promotions.write', ({ params, actor }) =>
    setCodeDisabled(ctx, actor, params.id, params.disabled),
  );
}
