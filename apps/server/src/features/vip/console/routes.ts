import type { FastifyInstance } from 'fastify';
import { emptyParams, vipLadderParams, vipLadderSchema } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { saveVipLadder, vipLadder } from './grades.js';

/** Screen 8, the VIP ladder (/api/admin/promotions/vipGrades): promotions.read to look, promotions.write to change. */
export function registerVipConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const P = '/api/admin/promotions' as const;

  const r = consoleRouter(app);

  r.get(`${P}/vipGrades`, emptyParams, vipLadderSchema, 'promotions.read', () => vipLadder(ctx));
  r.post(`${P}/vipGrades`, vipLadderParams, vipLadderSchema, 'promotions.write', ({ params, actor }) => saveVipLadder(ctx, actor, params));
}
