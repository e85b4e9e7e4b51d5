import type { FastifyInstance } from 'fastify';
import { emptyParams, firstDepositParams, firstDepositSchema, promotionLevelsParams, promotionLevelsSchema } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { firstDeposit, promotionLevels, saveFirstDeposit, savePromotionLevels } from './ladders.js';

/** Screen 8, the promoter levels and the first-deposit rate (/api/admin/promotions/*): promotions.read to look, promotions.write to change. */
export function registerPromotionConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const P = '/api/admin/promotions' as const;

  apiRoute(app, {
    method: 'GET',
    url: `${P}/levels`,
    params: emptyParams,
    response: promotionLevelsSchema,
    operator: { permission: 'promotions.read' },
    handler: () => promotionLevels(ctx),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/levels`,
    params: promotionLevelsParams,
    response: promotionLevelsSchema,
    operator: { permission: 'promotions.write' },
    handler: ({ params, operator, ip }) => savePromotionLevels(ctx, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: `${P}/firstDeposit`,
    params: emptyParams,
    response: firstDepositSchema,
    operator: { permission: 'promotions.read' },
    handler: () => firstDeposit(ctx),
  });
  apiRoute(app, {
    method: 'POST',
    url: `${P}/firstDeposit`,
    params: firstDepositParams,
    response: firstDepositSchema,
    operator: { permission: 'promotions.write' },
    handler: ({ params, operator, ip }) => saveFirstDeposit(ctx, { operatorId: operator.id, ip }, params),
  });
}
