import type { FastifyInstance } from 'fastify';
import { userCardParams, userCardSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { publicCard } from './service.js';

export function userCardRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    // Not in the spec's API list (decision in docs/FEATURES.md): the user info overlay needs another
    // player's public facts, which personalCenter/userInfo (the caller's own, private) cannot give.
    apiRoute(app, {
      method: 'GET',
      url: '/api/user/publicCard',
      params: userCardParams,
      response: userCardSchema,
      handler: ({ params }) => publicCard(deps.db, params.userId),
    });
  };
}
