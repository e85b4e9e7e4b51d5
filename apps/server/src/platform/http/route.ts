import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Lang } from '@skinfair/contract';
import { AppError } from '../errors.js';
import { ok } from './envelope.js';
import { mergeParams } from './params.js';
import { parseInput } from './validate.js';
import { withIdempotency } from './idempotency.js';
import { acquireOrRefuseSlowly, type UserMoneyLimiter } from './user-limits.js';
import type { Db } from '../db/client.js';

/** What docs/API.md is generated from. */
export interface ApiRouteInfo {
  methods: Array<'GET' | 'POST'>;
  url: string;
  auth: boolean;
  params: z.ZodType;
  response: z.ZodType;
  /** Honours an Idempotency-Key (a money call). */
  idempotent: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRouteInfo[];
    /** Seconds an Idempotency-Key without an answer stays with its attempt (IDEMPOTENCY_LEASE_SECONDS). */
    idempotencyLeaseS: number;
    /** Per-player limits on money calls (the routes marked `idempotent`). */
    userMoneyLimiter: UserMoneyLimiter;
    /** Delay before a per-token or per-player refusal is answered. */
    limitRefusalDelayMs: number;
    /** Whether `exactResponse` answers are still checked against their schemas (tests) or only serialized. */
    checkResponses: boolean;
  }
}

export interface RouteContext<P> {
  params: P;
  /** Set when the `token` header resolves to a live session. */
  userId: number | null;
  sessionId: number | null;
  lang: Lang;
  ip: string;
  request: FastifyRequest;
}

export interface AuthedContext<P> extends RouteContext<P> {
  userId: number;
  sessionId: number;
}

interface RouteBase<S extends z.ZodType, R> {
  method: 'GET' | 'POST' | Array<'GET' | 'POST'>;
  url: string;
  params: S;
  /** Validated before it leaves: "zod for every input and output". */
  response: z.ZodType<R>;
  rateLimit?: { max: number; timeWindowMs: number };
  bodyLimit?: number;
  /** Money-moving calls honour the Idempotency-Key header (needs the database and a logged-in user). */
  idempotent?: { db: Db };
  /**
   * A hot route whose service builds its answer field by field, exactly to the schema: outside tests the
   * answer is sent without being parsed again (issue 11). Tests still parse it, and fail if it holds a
   * field the schema does not (the parse would strip it; sending it unparsed would leak it).
   */
  exactResponse?: true;
}

type RouteDef<S extends z.ZodType, R> =
  | (RouteBase<S, R> & { auth: 'required'; handler: (ctx: AuthedContext<z.output<S>>) => Promise<R> })
  | (RouteBase<S, R> & { auth?: 'optional'; handler: (ctx: RouteContext<z.output<S>>) => Promise<R> });

/**
 * Every API call: merged parameters parsed by the contract schema, the login guard, one service call,
 * the envelope. Routes stay HTTP-only (conventions).
 */
export function apiRoute<S extends z.ZodType, R>(app: FastifyInstance, def: RouteDef<S, R>): void {
  app.apiRoutes.push({
    methods: Array.isArray(def.method) ? def.method : [def.method],
    url: def.url,
    auth: def.auth === 'required',
    params: def.params,
    response: def.response,
    idempotent: def.idempotent !== undefined,
  });
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(def.rateLimit ? { config: { rateLimit: { max: def.rateLimit.max, timeWindow: def.rateLimit.timeWindowMs } } } : {}),
    handler: async (request) => {
      if (def.auth === 'required' && request.userId === null) throw new AppError('NOT_LOGGED_IN');
      const params = parseInput(def.params, mergeParams(request.query, request.body), request.lang);
      const ctx = {
        params,
        userId: request.userId,
        sessionId: request.sessionId,
        lang: request.lang,
        ip: request.ip,
        request,
      };
      const run = () => (def.handler as (c: typeof ctx) => Promise<R>)(ctx);
      const key = request.headers['idempotency-key'];
      let data: R;
      if (def.idempotent && request.userId !== null) {
        // Money calls: one player's flood must not take everyone's connections (issue 10 §3).
        const userId = request.userId;
        const release = await acquireOrRefuseSlowly(() => app.userMoneyLimiter.acquire(userId), app.limitRefusalDelayMs);
        try {
          data = await withIdempotency(
            def.idempotent.db,
            { userId: request.userId, key: typeof key === 'string' ? key : undefined, url: def.url, params, leaseS: app.idempotencyLeaseS },
            run,
          );
        } finally {
          release();
        }
      } else data = await run();
      if (def.exactResponse && !app.checkResponses) return ok(data);
      const checked = def.response.safeParse(data);
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues.slice(0, 3), url: def.url }, 'response failed its schema');
        throw new AppError('INTERNAL', 'response schema');
      }
      if (def.exactResponse && !sameKeys(checked.data, data)) {
        request.log.error({ url: def.url }, 'response holds fields outside its schema');
        throw new AppError('INTERNAL', 'response not exact');
      }
      return ok(checked.data);
    },
  });
}

/** Whether `given` has no key that `parsed` (the schema's view of it, which drops unknown keys) lacks. */
function sameKeys(parsed: unknown, given: unknown): boolean {
  if (Array.isArray(given)) return Array.isArray(parsed) && given.every((g, i) => sameKeys(parsed[i], g));
  if (given === null || typeof given !== 'object') return true;
  if (parsed === null || typeof parsed !== 'object') return false;
  const p = parsed as Record<string, unknown>;
  return Object.entries(given).every(([k, v]) => k in p && sameKeys(p[k], v));
}
