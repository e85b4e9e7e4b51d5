import type { FastifyInstance } from 'fastify';
import { emptyParams, gradeInfoSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { playerRouter } from '../../platform/http/routers.js';
import { gradeInfo } from './service.js';

export function vipRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const signedIn = playerRouter(app, { auth: 'required' });
    signedIn.get('/api/personalCenter/getGradeInfo', emptyParams, gradeInfoSchema, ({ userId }) => gradeInfo(deps.db, userId));
  };
}
