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
import { apiRoute } from '../../platform/http/route.js';
import { botFigures, boxReturnsPage, gameReturns, publicCache, withdrawalFigures } from './service.js';

/** How long a public answer is reused (issue 18 brief: 60 s per window). */
export const TRANSPARENCY_CACHE_MS = 60_000;

/** The public transparency page's data (issue 18; docs/decisions/0044). No login. */
export function transparencyRoutes(ctx: Pick<AppContext, 'db'>, options: { cacheMs?: number; now?: () => number } = {}) {
  const ttl = options.cacheMs ?? TRANSPARENCY_CACHE_MS;
  const now = options.now ?? Date.now;
  const games = publicCache<TransparencyGames>(ttl, now);
  const boxes = publicCache<TransparencyBoxPage>(ttl, now);
  const withdrawals = publicCache<TransparencyWithdrawals>(ttl, now);
  const bots = publicCache<TransparencyBots>(ttl, now);
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/transparency/games',
      params: transparencyWindowParams,
      response: transparencyGamesSchema,
      handler: ({ params }) => games(params.window, (at) => gameReturns(ctx.db, params.window, at)),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/transparency/boxes',
      params: transparencyBoxParams,
      response: transparencyBoxPage,
      handler: ({ params }) => boxes(`${params.window}:${params.page}:${params.pageSize}`, (at) => boxReturnsPage(ctx.db, params, at)),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/transparency/withdrawals',
      params: emptyParams,
      response: transparencyWithdrawalsSchema,
      handler: () => withdrawals('7d', (at) => withdrawalFigures(ctx.db, at)),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/transparency/bots',
      params: emptyParams,
      response: transparencyBotsSchema,
      handler: () => bots('all', (at) => botFigures(ctx.db, at)),
    });
  };
}
