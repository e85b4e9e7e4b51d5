import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emptyParams, languages, languageSchema, sysConfigSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { getSysConfig, type SysConfigEnv } from './service.js';

export function commonRoutes(deps: { db: Db; env: SysConfigEnv }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/sysConfig',
      params: emptyParams,
      response: sysConfigSchema,
      handler: () => getSysConfig(deps.db, deps.env),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/getLanguageList',
      params: emptyParams,
      response: z.array(languageSchema),
      handler: async () => languages,
    });
  };
}
