import type { FastifyInstance } from 'fastify';
import { adminDreamSettingsSchema, dreamSettingsSchema, emptyParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { dreamSettings, setDreamSettings } from './dream.js';

/** Screen 9 (games): the dream chasing settings, games.read to look, games.write to change. */
export function registerDreamConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/dream',
    params: emptyParams,
    response: adminDreamSettingsSchema,
    operator: { permission: 'games.read' },
    handler: () => dreamSettings(ctx),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/games/dream',
    params: dreamSettingsSchema,
    response: adminDreamSettingsSchema,
    operator: { permission: 'games.write' },
    handler: ({ params, operator, ip }) => setDreamSettings(ctx, { operatorId: operator.id, ip }, params),
  });
}
