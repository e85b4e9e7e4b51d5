import type { FastifyInstance } from 'fastify';
import { adminDreamSettingsSchema, dreamSettingsSchema, emptyParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { dreamSettings, setDreamSettings } from './dream.js';

/** Screen 9 (games): the dream chasing settings, games.read to look, games.write to change. */
export function registerDreamConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = consoleRouter(app);
  r.get('/api/admin/games/dream', emptyParams, adminDreamSettingsSchema, 'games.read', () => dreamSettings(ctx));
  r.post('/api/admin/games/dream', dreamSettingsSchema, adminDreamSettingsSchema, 'games.write', ({ params, actor }) =>
    setDreamSettings(ctx, actor, params),
  );
}
