import type { FastifyInstance } from 'fastify';
import { emptyParams, firstDepositParams, firstDepositSchema, promotionLevelsParams, promotionLevelsSchema } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../../admin/index.js';
import { firstDeposit, promotionLevels, saveFirstDeposit, savePromotionLevels } from './ladders.js';

/** Screen 8, the promoter levels and the first-deposit rate (/api/admin/promotions/*): promotions.read to look, promotions.write to change. */
export function registerPromotionConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const P = '/api/admin/promotions' as const;

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
