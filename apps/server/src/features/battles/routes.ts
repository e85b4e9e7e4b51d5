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
import { playerRouter } from '../../platform/http/routers.js';
import { cancelBattle, createBattle, joinBattle, joinBot } from './rooms.js';
import { battleDetailByCode, getBots, pageOfBattles } from './views.js';
import { battleResults } from './results.js';
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
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    money.post('/api/battle/create', createBattleParams, battleDetailSchema, ({ userId, params }) =>
      createBattle(ctx, userId, {
        boxIds: params.boxLists,
        seats: params.countCustomer,
        mode: params.mode,
        pos: params.pos,
        title: params.title,
        password: params.password,
      }),
    );
    money.post('/api/battle/joinBattle', joinBattleParams, battleDetailSchema, ({ userId, params }) =>
      joinBattle(ctx, userId, params.battleCode, params.pos, params.password),
    );
    money.post('/api/battle/joinBot', joinBotParams, battleDetailSchema, ({ userId, params }) =>
      joinBot(ctx, userId, params.battleCode, params.pos, params.botId),
    );
    money.post('/api/battle/cancel', battleCodeParams, battleDetailSchema, ({ userId, params }) =>
      cancelBattle(ctx, userId, params.battleCode),
    );
    r.post('/api/battle/getBots', emptyParams, z.array(battleBotSchema), () => getBots(ctx));
    r.get('/api/battle/getBattleDetail', battleCodeParams, battleDetailSchema, ({ params }) =>
      battleDetailByCode(ctx.db, params.battleCode),
    );
    r.get('/api/battle/getBattleResults', battleCodeParams, battleResultsSchema, ({ params }) => battleResults(ctx.db, params.battleCode));
    r.get('/api/battle/getList', battleListParams, pageSchema(battleDetailSchema), ({ params }) => {
      const rule = ruleFilter(params.mode);
      const states = stateOfCode(params.state);
      return pageOfBattles(
        ctx.db,
        { publicOnly: true, ...(rule ? { rule } : {}), ...(states ? { states } : {}) },
        params.page,
        params.pageSize,
      );
    });
    r.get('/api/battle/getCurrentList', battleCurrentParams, pageSchema(battleDetailSchema), ({ params }) => {
      const rule = ruleFilter(params.mode);
      return pageOfBattles(
        ctx.db,
        { publicOnly: true, states: ['waiting', 'running'], ...(rule ? { rule } : {}) },
        params.page,
        params.pageSize,
      );
    });
    signedIn.get('/api/battle/getMyBattleList', battleCurrentParams, pageSchema(battleDetailSchema), ({ userId, params }) => {
      const rule = ruleFilter(params.mode);
      return pageOfBattles(ctx.db, { userId, ...(rule ? { rule } : {}) }, params.page, params.pageSize);
    });
    // Ranks and highlights may come from a standby (decisions/0059); rooms and results read the primary,
    // since a player looks at a room right after joining it.
    r.get('/api/battle/rank', emptyParams, battleRankPageSchema, ({ userId }) => rankPage(ctx.reads(), userId));
    r.get('/api/battle/highlight', emptyParams, battleHighlightSchema, () => highlight(ctx.reads()));
    // The home tab (spec §7, size 4): the newest open or running public rooms.
    r.get(
      '/api/battle/getBattleList',
      z.object({ size: intParam(1, 20).default(4) }),
      z.array(battleDetailSchema),
      async ({ params }) => (await pageOfBattles(ctx.db, { publicOnly: true, states: ['waiting', 'running'] }, 1, params.size)).pageData,
    );
  };
}
