import type { FastifyInstance } from 'fastify';
import { userCardParams, userCardSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { playerRouter } from '../../platform/http/routers.js';
import { publicCard } from './service.js';

export function userCardRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    // Not in the spec's API list (decision in docs/FEATURES.md): the user info overlay needs another
    // player's public facts, which personalCenter/userInfo (the caller's own, private) cannot give.
    r.get('/api/user/publicCard', userCardParams, userCardSchema, ({ params }) => publicCard(deps.db, params.userId));
  };
}
