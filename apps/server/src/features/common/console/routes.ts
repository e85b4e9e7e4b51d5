import type { FastifyInstance } from 'fastify';
import { emptyParams, siteSwitchesParams, siteSwitchesSchema } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { saveSiteSwitches, siteSwitches } from './site-switches.js';

/** Screen 10 (content → 站点设置): the sysConfig switches and the public notice (issue 27 §5). */
export function registerCommonConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = consoleRouter(app);
  r.get('/api/admin/settings/site', emptyParams, siteSwitchesSchema, 'content.read', () => siteSwitches(ctx.db));
  r.post('/api/admin/settings/site', siteSwitchesParams, siteSwitchesSchema, 'content.write', ({ params, actor }) =>
    saveSiteSwitches(ctx, actor, params),
  );
}
