import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './platform/db/client.js';
import type { LivePublisher } from './platform/live-publisher.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { genReqId, installRequestContext } from './platform/http/request-context.js';
import { registerStaticFiles } from './platform/http/static-files.js';
import { healthRoute } from './platform/health.js';
import { commonRoutes } from './features/common/index.js';
import { statsRoutes } from './features/stats/index.js';

export interface AppDeps {
  config: Config;
  database: Database;
  live: LivePublisher;
  /** Shared rate-limit counters between nodes; in-memory when absent. */
  redis?: Redis;
}

/** Every plugin and feature of the server, on one screen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, live } = deps;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'] },
    genReqId,
    disableRequestLogging: true,
    // Trust exactly the configured number of proxy hops, so X-Forwarded-For cannot be forged beyond them.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    // Limits Fastify leaves open by default (security.md "Every request").
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });

  installErrorHandler(app);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'skinfair-rl:' } : {}),
    // Redis down must not take the site down; money safety lives in the database, not here.
    skipOnError: true,
    allowList: (request) => request.url === '/health',
    errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: 'rate limited' }),
  });
  installRequestContext(app, database.db);

  await app.register(healthRoute({ database, live }));
  await app.register(commonRoutes({ db: database.db, env: { beaconSource: config.beaconSource, sandbox: true } }));
  await app.register(statsRoutes({ db: database.db, live }));

  await registerStaticFiles(app, {
    webDist: config.webDist,
    imageDir: config.imageDir,
    imageUpstream: config.imageUpstream,
  });
  return app;
}
