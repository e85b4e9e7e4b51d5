import type { FastifyInstance } from 'fastify';
import { emptyParams, vipLadderParams, vipLadderSchema } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { saveVipLadder, vipLadder } from './grades.js';

/** Screen 8, the VIP ladder (/api/admin/promotions/vipGrades): promotions.read to look, promotions.write to change. */
export function registerVipConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const P = '/api/admin/promotions' as const;

  apiRoute(app, {
    method: 'GET',
    url: `${P}/vipGrades`,
    params: emptyParams,
    response: vipLadderSchema,
    operator: { permission: 'promotions.read' },
    handler: () => vipLadder(ctx),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/vipGrades`,
    params: vipLadderParams,
    response: vipLadderSchema,
    operator: { permission: 'promotions.write' },
    handler: ({ params, operator, ip }) => saveVipLadder(ctx, { operatorId: operator.id, ip }, params),
  });
}
