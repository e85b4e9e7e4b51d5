import type { FastifyPluginAsync } from 'fastify';
import { coolOffParams, emptyParams, protectionStateSchema, selfExcludeParams, setLimitParams } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { playerRouter } from '../../platform/http/routers.js';
import { coolOff, protectionState, selfExclude, setLimit } from './service.js';

type Ctx = Pick<AppContext, 'db'>;

/**
 * /api/protection/* (issue 18): the player's own limits, cool-off and self-exclusion. There is no call that
 * lifts an exclusion or shortens one, for the player or for operators (decision 0042).
 */
export function protectionRoutes(ctx: Ctx): FastifyPluginAsync {
  return async (app) => {
    const state = (userId: number) => protectionState(ctx.db, userId);
    const signedIn = playerRouter(app, { auth: 'required' });
    signedIn.get('/api/protection/state', emptyParams, protectionStateSchema, ({ userId }) => state(userId));
    signedIn.post('/api/protection/setLimit', setLimitParams, protectionStateSchema, async ({ userId, params }) => {
      await runInTransaction(ctx.db, ({ tx }) => setLimit(tx, userId, params.kind, params.value));
      return state(userId);
    });
    signedIn.post('/api/protection/coolOff', coolOffParams, protectionStateSchema, async ({ userId, params }) => {
      await runInTransaction(ctx.db, ({ tx }) => coolOff(tx, userId, params.days));
      return state(userId);
    });
    signedIn.post('/api/protection/selfExclude', selfExcludeParams, protectionStateSchema, async ({ userId, params }) => {
      await runInTransaction(ctx.db, ({ tx }) => selfExclude(tx, userId, params.months));
      return state(userId);
    });
  };
}
