import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  battleBotSchema,
  battleCodeParams,
  battleCurrentParams,
  battleDetailSchema,
  battleListParams,
  battleHighlightSchema,
  battleRankPageSchema,
  battleResultsSchema,
  createBattleParams,
  emptyParams,
  intParam,
  joinBattleParams,
  joinBotParams,
  pageSchema,
  BattleStateCode,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { cancelBattle, createBattle, joinBattle, joinBot } from './rooms.js';
import { battleDetailByCode, getBots, pageOfBattles } from './views.js';
import { battleResults } from './draw.js';
import { rankPage } from './rank.js';
import { highlight } from './highlight.js';
import { ruleOfCode } from './rules.js';
import type { BattleState } from './tables.js';

const ruleFilter = (mode: number) => (mode === -1 ? undefined : ruleOfCode(mode));
const stateOfCode = (code: number): BattleState[] | undefined => {
  if (code === -1) return undefined;
  const found = (Object.entries(BattleStateCode) as Array<[BattleState, number]>).find(([, c]) => c === code);
  return found ? [found[0]] : [];
};

export function battleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'POST',
      url: '/api/battle/create',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: createBattleParams,
      response: battleDetailSchema,
      handler: ({ userId, params }) =>
        createBattle(ctx, userId, {
          boxIds: params.boxLists,
          seats: params.countCustomer,
          mode: params.mode,
          title: params.title,
          password: params.password,
        }),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/battle/joinBattle',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: joinBattleParams,
      response: battleDetailSchema,
      handler: ({ userId, params }) => joinBattle(ctx, userId, params.battleCode, params.pos, params.password),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/battle/joinBot',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: joinBotParams,
      response: battleDetailSchema,
      handler: ({ userId, params }) => joinBot(ctx, userId, params.battleCode, params.pos, params.botId),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/battle/cancel',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: battleCodeParams,
      response: battleDetailSchema,
      handler: ({ userId, params }) => cancelBattle(ctx, userId, params.battleCode),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/battle/getBots',
      params: emptyParams,
      response: z.array(battleBotSchema),
      handler: () => getBots(ctx),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/getBattleDetail',
      params: battleCodeParams,
      response: battleDetailSchema,
      handler: ({ params }) => battleDetailByCode(ctx.db, params.battleCode),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/getBattleResults',
      params: battleCodeParams,
      response: battleResultsSchema,
      handler: ({ params }) => battleResults(ctx.db, params.battleCode),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/getList',
      params: battleListParams,
      response: pageSchema(battleDetailSchema),
      handler: ({ params }) => {
        const rule = ruleFilter(params.mode);
        const states = stateOfCode(params.state);
        return pageOfBattles(
          ctx.db,
          { publicOnly: true, ...(rule ? { rule } : {}), ...(states ? { states } : {}) },
          params.page,
          params.pageSize,
        );
      },
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/getCurrentList',
      params: battleCurrentParams,
      response: pageSchema(battleDetailSchema),
      handler: ({ params }) => {
        const rule = ruleFilter(params.mode);
        return pageOfBattles(
          ctx.db,
          { publicOnly: true, states: ['waiting', 'running'], ...(rule ? { rule } : {}) },
          params.page,
          params.pageSize,
        );
      },
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/getMyBattleList',
      auth: 'required',
      params: battleCurrentParams,
      response: pageSchema(battleDetailSchema),
      handler: ({ userId, params }) => {
        const rule = ruleFilter(params.mode);
        return pageOfBattles(ctx.db, { userId, ...(rule ? { rule } : {}) }, params.page, params.pageSize);
      },
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/rank',
      params: emptyParams,
      response: battleRankPageSchema,
      handler: ({ userId }) => rankPage(ctx.db, userId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/highlight',
      params: emptyParams,
      response: battleHighlightSchema,
      handler: () => highlight(ctx.db),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/battle/getBattleList',
      params: z.object({ size: intParam(1, 20).default(4) }),
      response: z.array(battleDetailSchema),
      // The home tab (spec §7, size 4): the newest open or running public rooms.
      handler: async ({ params }) =>
        (await pageOfBattles(ctx.db, { publicOnly: true, states: ['waiting', 'running'] }, 1, params.size)).pageData,
    });
  };
}
