import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dropItemSchema, emptyParams, homepageStatSchema, lastDropParams } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { apiRoute } from '../../platform/http/route.js';
import { homepageStat, lastDrops } from './service.js';

export function statsRoutes(deps: { db: Db; live: LivePublisher }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/stat/lastDrop',
      params: lastDropParams,
      response: z.array(dropItemSchema),
      handler: ({ params }) => lastDrops(deps.db, params.limit, params.isTop),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/stat/homepage',
      params: emptyParams,
      response: homepageStatSchema,
      handler: () => homepageStat(deps.db, deps.live),
    });
  };
}
