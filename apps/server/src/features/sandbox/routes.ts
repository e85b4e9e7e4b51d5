import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dropItemSchema, EventType, intParam } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { apiRoute } from '../../platform/http/route.js';
import { recordDrops } from '../stats/index.js';

const publishDropParams = z.object({
  giftName: z.string().min(1).max(80),
  grade: intParam(0, 3),
  recoveryPrice: intParam(0, 100_000_000),
  nickname: z.string().min(1).max(30).default('沙盒玩家'),
  sourceType: z.union([z.literal(21), z.literal(22), z.literal(23)]).default(EventType.CASE_DROP),
});

/**
 * Sandbox tools, registered only when SANDBOX_TOOLS=true (tests and local demos, never production).
 * publishDrop writes a real feed row and publishes it through the same after-commit path as a game.
 */
export function sandboxRoutes(deps: { db: Db; live: LivePublisher }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'POST',
      url: '/api/sandbox/publishDrop',
      params: publishDropParams,
      response: z.array(dropItemSchema),
      handler: ({ params }) =>
        runInTransaction(deps.db, (scope) =>
          recordDrops(scope, deps.live, [
            {
              userId: null,
              nickname: params.nickname,
              headPic: null,
              giftName: params.giftName,
              giftImage: null,
              grade: params.grade,
              recoveryPriceFen: params.recoveryPrice,
              sourceType: params.sourceType,
              sourceId: null,
              sourceName: '沙盒',
              sourceImage: null,
            },
          ]),
        ),
    });
  };
}
