import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminPermission, Lang } from '@skinfair/contract';
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
    /** Seconds an Idempotency-Key without an answer stays with its attempt unrenewed (IDEMPOTENCY_LEASE_SECONDS). */
    idempotencyLeaseS: number;
    /** Per-player limits on money calls (the routes marked `idempotent`). */
    userMoneyLimiter: UserMoneyLimiter;
    /** Delay before a per-token or per-player refusal is answered. */
    limitRefusalDelayMs: number;
    /** Whether `exactResponse` answers are still checked against their schemas (tests) or only serialized. */
    checkResponses: boolean;
    /**
     * The console's gate, installed by features/admin (platform never imports features): resolves a console
     * call's operator session and checks it against the route's rule, or throws.
     */
    operatorGate: (request: FastifyRequest, rule: OperatorRule) => Promise<ConsoleCaller>;
    /** Every console route, by `METHOD url`, for the sweeps over them all (installed with `operatorGate`). */
    consoleRoutes: Map<string, ConsoleRouteInfo>;
  }
}

/** Who may make a console call (decisions/0032, 0055). */
export interface OperatorRule {
  /**
   * What the operator's role must allow; `null` for calls every operator makes about themself (me, logout).
   * Required, so no console route can be added without saying who may call it.
   */
  permission: AdminPermission | null;
  /** Only /api/admin/totp and /logout accept a session whose two-factor step is still pending. */
  allowPending?: true;
  /**
   * Only /me, /logout and /account/password accept the session of an operator who must set a new password
   * (a one-time password from an admin): after two-factor, that change comes before anything else.
   */
  allowPasswordDue?: true;
}

/**
 * The operator a console call acts as. Platform reads only the id (rate limit, idempotency keys);
 * features/admin adds its rows to this interface by declaration merging (features/admin/operator-gate.ts).
 */
export interface ConsoleCaller {
  operatorId: number;
}

/** A console route as the sweeps see it (who may call it, what it takes). */
export interface ConsoleRouteInfo {
  method: 'GET' | 'POST';
  url: string;
  permission: AdminPermission | null;
  allowPending: boolean;
  allowPasswordDue: boolean;
  params: z.ZodType;
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

/** A console call's context: the operator instead of the player session. */
export type OperatorContext<P> = Omit<RouteContext<P>, 'userId' | 'sessionId'> & ConsoleCaller;

interface RouteBase<S extends z.ZodType, R> {
  method: 'GET' | 'POST' | Array<'GET' | 'POST'>;
  url: string;
  params: S;
  /** Validated before it leaves: "zod for every input and output". */
  response: z.ZodType<R>;
  /**
   * Calls per address in the window; on a console route, calls per operator, counted only once the
   * session and the permission have passed (issue 24 §12): a stranger's calls from the operator's address
   * never use up the operator's budget (strangers meet the server's per-address limit, as on every route).
   */
  rateLimit?: { max: number; timeWindowMs: number };
  bodyLimit?: number;
  /**
   * Money-moving calls honour the Idempotency-Key header (needs the database and a logged-in user or
   * operator): a caller whose answer was lost retries with the same key and the action runs once (issue 10
   * §2). An operator's keys are kept under the operator's id negated, so they never meet a player's.
   */
  idempotent?: { db: Db };
  /**
   * A hot route whose service builds its answer field by field, exactly to the schema: outside tests the
   * answer is sent without being parsed again (issue 11). Tests still parse it, and fail if it holds a
   * field the schema does not (the parse would strip it; sending it unparsed would leak it).
   */
  exactResponse?: true;
}

/**
 * A console call (/api/admin/*): the operator session the gate checks against `operator` instead of the
 * player's token; `cache-control: no-store`; kept out of `app.apiRoutes`, so docs/API.md and the public
 * interface list describe the player API only (decisions/0032), and listed in `app.consoleRoutes`.
 */
export interface ConsoleRouteDef<S extends z.ZodType, R> extends Omit<RouteBase<S, R>, 'method' | 'url' | 'exactResponse'> {
  method: 'GET' | 'POST';
  url: `/api/admin/${string}`;
  operator: OperatorRule;
  auth?: never;
  handler: (ctx: OperatorContext<z.output<S>>) => Promise<R>;
}

type PlayerRouteDef<S extends z.ZodType, R> =
  | (RouteBase<S, R> & { auth: 'required'; operator?: never; handler: (ctx: AuthedContext<z.output<S>>) => Promise<R> })
  | (RouteBase<S, R> & { auth?: 'optional'; operator?: never; handler: (ctx: RouteContext<z.output<S>>) => Promise<R> });

type RouteDef<S extends z.ZodType, R> = PlayerRouteDef<S, R> | ConsoleRouteDef<S, R>;

/**
 * Every API call: merged parameters parsed by the contract schema, the login guard (the player's session,
 * or on a console route the operator gate), one service call, the envelope. Routes stay HTTP-only
 * (conventions).
 */
export function apiRoute<S extends z.ZodType, R>(app: FastifyInstance, def: ConsoleRouteDef<S, R>): void;
export function apiRoute<S extends z.ZodType, R>(app: FastifyInstance, def: PlayerRouteDef<S, R>): void;
export function apiRoute<S extends z.ZodType, R>(app: FastifyInstance, def: RouteDef<S, R>): void {
  const rule = def.operator;
  const perOperator = rule ? listConsoleRoute(app, def as ConsoleRouteDef<S, R>) : null;
  if (!rule)
    app.apiRoutes.push({
      methods: Array.isArray(def.method) ? def.method : [def.method],
      url: def.url,
      auth: def.auth === 'required',
      params: def.params,
      response: def.response,
      idempotent: def.idempotent !== undefined,
    });
  const perAddress =
    !rule && def.rateLimit ? { config: { rateLimit: { max: def.rateLimit.max, timeWindow: def.rateLimit.timeWindowMs } } } : {};
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...perAddress,
    handler: async (request, reply) => {
      let caller: ConsoleCaller | null = null;
      if (rule) {
        void reply.header('cache-control', 'no-store');
        caller = await app.operatorGate(request, rule);
        if (perOperator) await perOperator(request, caller.operatorId);
      }
      if (def.auth === 'required' && request.userId === null) throw new AppError('NOT_LOGGED_IN');
      const params = parseInput(def.params, mergeParams(request.query, request.body), request.lang);
      const base = { params, lang: request.lang, ip: request.ip, request };
      const ctx = caller ? { ...base, ...caller } : { ...base, userId: request.userId, sessionId: request.sessionId };
      const run = () => (def.handler as (c: typeof ctx) => Promise<R>)(ctx);
      const key = request.headers['idempotency-key'];
      const idem = (userId: number) => ({
        userId,
        key: typeof key === 'string' ? key : undefined,
        url: def.url,
        params,
        leaseS: app.idempotencyLeaseS,
        onRenewalFailed: (err: unknown) => request.log.warn({ url: def.url, err: String(err) }, 'could not renew Idempotency-Key claim'),
      });
      let data: R;
      if (def.idempotent && caller) data = await withIdempotency(def.idempotent.db, idem(-caller.operatorId), run);
      else if (def.idempotent && request.userId !== null) {
        // Money calls: one player's flood must not take everyone's connections (issue 10 §3).
        const userId = request.userId;
        const release = await acquireOrRefuseSlowly(() => app.userMoneyLimiter.acquire(userId), app.limitRefusalDelayMs);
        try {
          data = await withIdempotency(def.idempotent.db, idem(userId), run);
        } finally {
          release();
        }
      } else data = await run();
      const exact = 'exactResponse' in def && def.exactResponse === true;
      if (exact && !app.checkResponses) return ok(data);
      const checked = def.response.safeParse(data);
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues.slice(0, 3), url: def.url }, 'response failed its schema');
        throw new AppError('INTERNAL', 'response schema');
      }
      if (exact && !sameKeys(checked.data, data)) {
        request.log.error({ url: def.url }, 'response holds fields outside its schema');
        throw new AppError('INTERNAL', 'response not exact');
      }
      return ok(checked.data);
    },
  });
}

/**
 * Lists a console route for the sweeps and returns its per-operator limit, if it has one: a call over the
 * operator's budget is refused.
 */
function listConsoleRoute<S extends z.ZodType, R>(app: FastifyInstance, def: ConsoleRouteDef<S, R>) {
  if (!app.hasDecorator('operatorGate')) throw new Error(`${def.method} ${def.url}: console routes need features/admin's operator gate`);
  app.consoleRoutes.set(`${def.method} ${def.url}`, {
    method: def.method,
    url: def.url,
    permission: def.operator.permission,
    allowPending: def.operator.allowPending ?? false,
    allowPasswordDue: def.operator.allowPasswordDue ?? false,
    params: def.params,
  });
  if (!def.rateLimit) return null;
  const counted = new WeakMap<FastifyRequest, number>();
  const limit = app.createRateLimit({
    max: def.rateLimit.max,
    timeWindow: def.rateLimit.timeWindowMs,
    keyGenerator: (request) => `${def.method} ${def.url} op:${counted.get(request)}`,
  });
  return async (request: FastifyRequest, operatorId: number) => {
    counted.set(request, operatorId);
    // `isAllowed` means "on the allow list"; a counted call is refused once it exceeds the budget.
    const answer = await limit(request);
    if (!answer.isAllowed && answer.isExceeded) throw new AppError('RATE_LIMITED', `operator ${operatorId}`);
  };
}

/** Whether `given` has no key that `parsed` (the schema's view of it, which drops unknown keys) lacks. */
function sameKeys(parsed: unknown, given: unknown): boolean {
  if (Array.isArray(given)) return Array.isArray(parsed) && given.every((g, i) => sameKeys(parsed[i], g));
  if (given === null || typeof given !== 'object') return true;
  if (parsed === null || typeof parsed !== 'object') return false;
  const p = parsed as Record<string, unknown>;
  return Object.entries(given).every(([k, v]) => k in p && sameKeys(p[k], v));
}
