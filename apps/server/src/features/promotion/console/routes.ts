import type { FastifyInstance } from 'fastify';
import {
  defaultInvitationParams,
  defaultInvitationSchema,
  emptyParams,
  firstDepositParams,
  firstDepositSchema,
  promotionLevelsParams,
  promotionLevelsSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { firstDeposit, promotionLevels, saveFirstDeposit, savePromotionLevels } from './ladders.js';
import { defaultInvitation, saveDefaultInvitation } from './default-invitation.js';

/** Screen 8, the promoter levels and the first-deposit rate (/api/admin/promotions/*): promotions.read to look, promotions.write to change. */
export function registerPromotionConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const P = '/api/admin/promotions' as const;

  const r = consoleRouter(app);

  r.get(`${P}/levels`, emptyParams, promotionLevelsSchema, 'promotions.read', () => promotionLevels(ctx));
  r.post(`${P}/levels`, promotionLevelsParams, promotionLevelsSchema, 'promotions.write', ({ params, actor }) =>
    savePromotionLevels(ctx, actor, params),
  );
  r.get(`${P}/firstDeposit`, emptyParams, firstDepositSchema, 'promotions.read', () => firstDeposit(ctx));
  r.post(`${P}/firstDeposit`, firstDepositParams, firstDepositSchema, 'promotions.write', ({ params, actor }) =>
    saveFirstDeposit(ctx, actor, params),
  );
  r.get(`${P}/defaultInvitation`, emptyParams, defaultInvitationSchema, 'promotions.read', () => defaultInvitation(ctx));
  r.post(`${P}/defaultInvitation`, defaultInvitationParams, defaultInvitationSchema, 'promotions.write', ({ params, actor }) =>
    saveDefaultInvitation(ctx, actor, params),
  );
}
