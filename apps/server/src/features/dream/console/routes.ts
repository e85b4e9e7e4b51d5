import type { FastifyInstance } from 'fastify';
import { adminDreamSettingsSchema, dreamSettingsSchema, emptyParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../../admin/index.js';
import { dreamSettings, setDreamSettings } from './dream.js';

/** Screen 9 (games): the dream chasing settings, games.read to look, games.write to change. */
export function registerDreamConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/dream',
    params: emptyParams,
    response: adminDreamSettingsSchema,
    permission: 'games.read',
    handler: () => dreamSettings(ctx),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/games/dream',
    params: dreamSettingsSchema,
    response: adminDreamSettingsSchema,
    permission: 'games.write',
    handler: ({ params, operator, ip }) => setDreamSettings(ctx, { operatorId: operator.id, ip }, params),
  });
}
