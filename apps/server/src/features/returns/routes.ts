import type { FastifyInstance } from 'fastify';
import { caseReturnParams, caseReturnSchema } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { caseReturnCache } from './service.js';

/** Seconds a box page's live return is reused: openings move it slowly, and the route is public. */
const PUBLIC_CACHE_MS = 30_000;

/** The live return on each box page (issue 16 screen 3: "show the same figures to players"). */
export function returnsRoutes(ctx: Pick<AppContext, 'db'>, options: { cacheMs?: number } = {}) {
  const cached = caseReturnCache(options.cacheMs ?? PUBLIC_CACHE_MS);
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    r.get('/api/case/caseReturn', caseReturnParams, caseReturnSchema, ({ params }) => cached(ctx.db, params.caseId));
  };
}
