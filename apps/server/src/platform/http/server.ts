import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { installErrorHandler } from './error-handler.js';
import { genReqId, installRequestContext } from './request-context.js';

export interface PlatformServerOptions {
  db: Db;
  logLevel: string;
  trustProxyHops: number;
  rateLimitPerMinute: number;
  redis?: Redis;
}

/** Fastify with the platform's rules and none of the features: envelope errors, params, headers, limits. */
export async function createPlatformServer(options: PlatformServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel, redact: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'] },
    genReqId,
    disableRequestLogging: true,
    // Trust exactly the configured number of proxy hops, so X-Forwarded-For cannot be forged beyond them.
    trustProxy: (_address: string, hop: number) => hop < options.trustProxyHops,
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
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(options.redis ? { redis: options.redis, nameSpace: 'skinfair-rl:' } : {}),
    // Redis down must not take the site down; money safety lives in the database, not here.
    skipOnError: true,
    allowList: (request) => request.url === '/health',
    errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: 'rate limited' }),
  });
  installRequestContext(app, options.db);
  return app;
}
