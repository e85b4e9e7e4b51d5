import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
import helmetHeaders from 'helmet';
import { errorMessage, errorStatus, type ErrorCode } from '@skinfair/contract';
import { fail } from './envelope.js';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { installErrorHandler, sendError } from './error-handler.js';
import { genReqId, installRequestContext } from './request-context.js';
import { createSessionCache } from '../auth/session-cache.js';
import { addressKey, trustFunction } from './exposure.js';
import { isApiPath } from './api-path.js';
import { redisStoreWithFallback } from './rate-limit-store.js';
import { rememberAppRedis } from '../redis/app-redis.js';
import { DEFAULT_IDEMPOTENCY_LEASE_S } from './idempotency.js';
import { installLoadShedding, type SheddingOptions } from './load-shedding.js';
import { TokenLimiter, UserMoneyLimiter, type UserLimits } from './user-limits.js';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Non-API paths nothing else serves (the web app's SPA fallback). */
    setNotFoundFallback(handler: NotFoundFallback): void;
    /** Requests received and not yet answered (graceful shutdown waits for them). */
    inFlightRequests(): number;
  }
}

export interface PlatformServerOptions {
  db: Db;
  logLevel: string;
  /** Proxy addresses/CIDRs whose X-Forwarded-For is believed (config TRUST_PROXY). */
  trustProxy: readonly string[];
  rateLimitPerMinute: number;
  redis?: Redis;
  /** Origins images may come from besides this site (the catalogue image upstream), for the CSP. */
  imageOrigins?: readonly string[];
  /** Send HSTS: only when the site is served over https (PUBLIC_URL). */
  https?: boolean;
  /** How long an Idempotency-Key without an answer belongs to its attempt. Default 60 s. */
  idempotencyLeaseS?: number;
  /** How long a token's session is trusted without a query. Default 5 s; 0 turns the cache off. */
  sessionCacheMs?: number;
  /** Check `exactResponse` answers against their schemas too (tests); off, they are only serialized. Default on. */
  checkResponses?: boolean;
  /** Per-player limits on money calls (routes marked idempotent). Default 10/s, 4 at once. */
  userLimits?: UserLimits;
  /** API calls per second one session token may make (bursts to twice this). Default 30. */
  tokenCallsPerSecond?: number;
  /** How long a per-token or per-player refusal waits before it is sent (slows a looping flooder). */
  limitRefusalDelayMs?: number;
  /** Load shedding: the pool's state and the thresholds. Default: pool queue over 40 only. */
  shedding?: Partial<SheddingOptions>;
}

/** Fastify with the platform's rules and none of the features: envelope errors, params, headers, limits. */
export async function createPlatformServer(options: PlatformServerOptions): Promise<FastifyInstance> {
  const fixedHeaders = securityHeaderValues(options);
  const app = Fastify({
    logger: { level: options.logLevel, redact: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'] },
    genReqId,
    // One log line per request (with user and X-Referer) comes from request-context.ts instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Believe X-Forwarded-For only from the listed proxies (proxy-addr), so a client cannot forge its address.
    trustProxy: trustFunction(options.trustProxy),
    // Limits Fastify leaves open by default (security.md "Every request").
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // Parameters are a few short fields; routes that take files (the avatar) set their own limit.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // A path the router cannot decode (a bad %-escape, a path parameter over 100 characters) is refused
    // before any hook runs, so Fastify's raw JSON would go out without the envelope or the security headers.
    frameworkErrors: (err, request, reply) => {
      request.log.info({ err: { code: err.code, message: err.message } }, 'request refused');
      // The answer goes out at once; sendError returns the reply (thenable in Fastify), nothing to wait for.
      void sendError(request, reply.headers(fixedHeaders), 'PARAM_INVALID', { httpStatus: 400 });
    },
    // Node's parser refuses some requests before Fastify sees them (headers or URL over 16 KiB, bad syntax):
    // the same envelope and headers instead of Fastify's raw JSON.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(clientErrorAnswer(err.code, fixedHeaders));
      socket.destroy(err);
    },
  });
  installErrorHandler(app);
  // A set, not a counter: an aborted request may also reach onResponse, and must not count twice.
  const inFlight = new Set<string>();
  app.decorate('inFlightRequests', () => inFlight.size);
  app.addHook('onRequest', async (request) => void inFlight.add(request.id));
  app.addHook('onResponse', async (request) => void inFlight.delete(request.id));
  app.addHook('onRequestAbort', async (request) => void inFlight.delete(request.id));
  app.decorate('apiRoutes', []);
  app.decorate('idempotencyLeaseS', options.idempotencyLeaseS ?? DEFAULT_IDEMPOTENCY_LEASE_S);
  app.decorate('userMoneyLimiter', new UserMoneyLimiter(options.userLimits ?? { perSecond: 10, inFlight: 4 }));
  app.decorate('limitRefusalDelayMs', options.limitRefusalDelayMs ?? 1_000);
  // JSON.parse keeps "__proto__" as a plain own key (no pollution); mergeParams then refuses it by name,
  // the same way as in a query string or a form.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    // Our parameters are flat; refuse deep nesting before JSON.parse builds it (issue 10 §9).
    if (nestingExceeds(text, MAX_JSON_DEPTH)) return done(new AppError('PARAM_INVALID', 'JSON nested too deep'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('PARAM_INVALID', 'malformed JSON body'), undefined);
    }
  });
  await app.register(formbody);
  await app.register(helmet, securityHeaders(options));
  await installLoadShedding(app, { maxPoolWaiting: 40, maxEventLoopDelayMs: 0, ...options.shedding });
  if (options.redis) rememberAppRedis(app, options.redis);
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    // Shared between nodes through Redis; while Redis is down, per node rather than none (issue 10 §8).
    ...(options.redis ? { store: redisStoreWithFallback(options.redis, 'skinfair-rl:', warnFallback(app)) } : {}),
    skipOnError: false,
    // One page load fetches dozens of static files and images: only API calls count (issue 9 §14).
    allowList: (request) => !isApiPath(request.url),
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: 'rate limited' }),
  });
  app.decorate('checkResponses', options.checkResponses ?? true);
  const sessions = await createSessionCache(options.db, options.sessionCacheMs ?? 5_000);
  app.addHook('onClose', async () => sessions.close());
  installRequestContext(
    app,
    options.db,
    {
      tokenLimiter: new TokenLimiter({ perSecond: options.tokenCallsPerSecond ?? 30, inFlight: Number.MAX_SAFE_INTEGER }),
      refusalDelayMs: app.limitRefusalDelayMs,
    },
    sessions.cache,
  );
  let fallback: NotFoundFallback | null = null;
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !fallback) {
      return sendError(request, reply, 'ROUTE_NOT_FOUND', { httpStatus: 404 });
    }
    return fallback(request, reply);
  });
  app.decorate('setNotFoundFallback', (handler: NotFoundFallback) => void (fallback = handler));
  return app;
}

/**
 * security.md "Every request": a strict CSP (no inline scripts, no framing), nosniff, a referrer policy,
 * and HSTS once the site is on https. Inline styles stay allowed: the toast library injects a <style>.
 */
function securityHeaders(options: PlatformServerOptions) {
  const images = ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])];
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: images,
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The SPA loads images from the catalogue upstream; cross-origin isolation would block them.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' as const },
  };
}

/**
 * The headers helmet sets with these rules, as fixed values (no CSP nonces are used): for the answers
 * written before any hook runs (frameworkErrors, clientErrorHandler).
 */
function securityHeaderValues(options: PlatformServerOptions): Record<string, string> {
  const { global: _global, ...rules } = securityHeaders(options);
  const values: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (values[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete values[name.toLowerCase()],
  };
  helmetHeaders(rules)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return values;
}

/** A whole HTTP response for a request Node's parser refused: the envelope, the security headers, then close. */
function clientErrorAnswer(code: string | undefined, headers: Record<string, string>): string {
  const [httpStatus, errorCode]: [number, ErrorCode] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'PARAM_INVALID']
        : [400, 'PARAM_INVALID'];
  const body = JSON.stringify(fail(errorStatus(errorCode), errorMessage(errorCode, 'zh')));
  const lines = [
    `HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** One warning a minute at most while rate limits run per node. */
function warnFallback(app: FastifyInstance) {
  let lastWarnAt = 0;
  return (err: Error | null) => {
    if (Date.now() - lastWarnAt < 60_000) return;
    lastWarnAt = Date.now();
    app.log.warn({ err: err?.message ?? 'redis not ready' }, 'rate limits fall back to per-node counters while Redis is unavailable');
  };
}

/** Arrays of objects are the deepest inputs any route takes. */
const MAX_JSON_DEPTH = 4;

/** True when brackets outside strings nest deeper than `max`; one pass, no allocation. */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
