import type { FastifyInstance } from 'fastify';
import {
  emptyParams,
  transparencyBotsSchema,
  transparencyBoxPage,
  transparencyBoxParams,
  transparencyGamesSchema,
  transparencyWindowParams,
  transparencyWithdrawalsSchema,
  type TransparencyBots,
  type TransparencyBoxPage,
  type TransparencyGames,
  type TransparencyWithdrawals,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { botFigures, boxReturnsPage, gameReturns, publicCache, withdrawalFigures } from './service.js';

/** How long a public answer is reused (issue 18 brief: 60 s per window). */
export const TRANSPARENCY_CACHE_MS = 60_000;

/** The public transparency page's data (issue 18; docs/decisions/0044). No login; a standby may answer (decisions/0059). */
export function transparencyRoutes(ctx: Pick<AppContext, 'reads'>, options: { cacheMs?: number; now?: () => number } = {}) {
  const ttl = options.cacheMs ?? TRANSPARENCY_CACHE_MS;
  const now = options.now ?? Date.now;
  const games = publicCache<TransparencyGames>(ttl, now);
  const boxes = publicCache<TransparencyBoxPage>(ttl, now);
  const withdrawals = publicCache<TransparencyWithdrawals>(ttl, now);
  const bots = publicCache<TransparencyBots>(ttl, now);
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    r.get('/api/transparency/games', transparencyWindowParams, transparencyGamesSchema, ({ params }) =>
      games(params.window, (at) => gameReturns(ctx.reads(), params.window, at)),
    );
    r.get('/api/transparency/boxes', transparencyBoxParams, transparencyBoxPage, ({ params }) =>
      boxes(`${params.window}:${params.page}:${params.pageSize}`, (at) => boxReturnsPage(ctx.reads(), params, at)),
    );
    r.get('/api/transparency/withdrawals', emptyParams, transparencyWithdrawalsSchema, () =>
      withdrawals('7d', (at) => withdrawalFigures(ctx.reads(), at)),
    );
    r.get('/api/transparency/bots', emptyParams, transparencyBotsSchema, () => bots('all', (at) => botFigures(ctx.reads(), at)));
  };
}
