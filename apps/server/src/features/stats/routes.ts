import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dropItemSchema, emptyParams, homepageStatSchema, lastDropParams } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { playerRouter } from '../../platform/http/routers.js';
import { homepageStat, lastDrops } from './service.js';

/** Public figures and drop feeds: read from `reads` (a standby may answer, decisions/0059). */
export function statsRoutes(deps: { reads: () => Db; live: LivePublisher }) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    r.get('/api/stat/lastDrop', lastDropParams, z.array(dropItemSchema), ({ params }) =>
      lastDrops(deps.reads(), params.limit, params.isTop),
    );
    r.get('/api/stat/homepage', emptyParams, homepageStatSchema, () => homepageStat(deps.reads(), deps.live));
  };
}
