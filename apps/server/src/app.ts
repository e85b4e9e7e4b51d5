import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './platform/db/client.js';
import type { LivePublisher } from './platform/live-publisher.js';
import { createPlatformServer } from './platform/http/server.js';
import { registerStaticFiles } from './platform/http/static-files.js';
import { healthRoute } from './platform/health.js';
import { commonRoutes } from './features/common/index.js';
import { statsRoutes } from './features/stats/index.js';
import { sandboxRoutes } from './features/sandbox/index.js';

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
  const db = database.db;
  const app = await createPlatformServer({
    db,
    logLevel: config.logLevel,
    trustProxyHops: config.trustProxy,
    rateLimitPerMinute: config.rateLimitPerMinute,
    ...(deps.redis ? { redis: deps.redis } : {}),
  });

  await app.register(healthRoute({ database, live }));
  await app.register(commonRoutes({ db, env: { beaconSource: config.beaconSource, sandbox: true } }));
  await app.register(statsRoutes({ db, live }));
  if (config.sandboxTools) await app.register(sandboxRoutes({ db, live }));

  const spaFallback = await registerStaticFiles(app, {
    webDist: config.webDist,
    imageDir: config.imageDir,
    imageUpstream: config.imageUpstream,
  });
  app.setNotFoundFallback(spaFallback);
  return app;
}
