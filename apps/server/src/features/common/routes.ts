import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emptyParams, languages, languageSchema, sysConfigSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { playerRouter } from '../../platform/http/routers.js';
import { getSysConfig, type SysConfigEnv } from './service.js';

export function commonRoutes(deps: { db: Db; env: SysConfigEnv }) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    r.get('/api/common/sysConfig', emptyParams, sysConfigSchema, () => getSysConfig(deps.db, deps.env));
    r.get('/api/common/getLanguageList', emptyParams, z.array(languageSchema), async () => languages);
  };
}
