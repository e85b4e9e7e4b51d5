import type { FastifyInstance } from 'fastify';
import { emptyParams, gradeInfoSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { gradeInfo } from './service.js';

export function vipRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/personalCenter/getGradeInfo',
      auth: 'required',
      params: emptyParams,
      response: gradeInfoSchema,
      handler: ({ userId }) => gradeInfo(deps.db, userId),
    });
  };
}
