import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { installErrorHandler, sendError } from './error-handler.js';
import { genReqId, installRequestContext } from './request-context.js';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Non-API paths nothing else serves (the web app's SPA fallback). */
    setNotFoundFallback(handler: NotFoundFallback): void;
  }
}

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
    // One log line per request (with user and X-Referer) comes from request-context.ts instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Trust exactly the configured number of proxy hops, so X-Forwarded-For cannot be forged beyond them.
    trustProxy: (_address: string, hop: number) => hop < options.trustProxyHops,
    // Limits Fastify leaves open by default (security.md "Every request").
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  installErrorHandler(app);
  app.decorate('apiRoutes', []);
  // JSON.parse keeps "__proto__" as a plain own key (no pollution); mergeParams then refuses it by name,
  // the same way as in a query string or a form.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('PARAM_INVALID', 'malformed JSON body'), undefined);
    }
  });
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
  let fallback: NotFoundFallback | null = null;
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || !fallback) {
      return sendError(request, reply, 'ROUTE_NOT_FOUND', { httpStatus: 404 });
    }
    return fallback(request, reply);
  });
  app.decorate('setNotFoundFallback', (handler: NotFoundFallback) => void (fallback = handler));
  return app;
}
