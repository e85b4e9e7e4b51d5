import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AdminPermission } from '@skinfair/contract';
import type { Db } from '../db/client.js';
import { apiRoute, type AuthedContext, type ConsoleRouteDef, type OperatorContext, type OperatorRule, type RouteContext } from './route.js';

/**
 * One line per route instead of an eight-line `apiRoute` block: a registrar bound to the app that fills in
 * the method and the access rule and hands everything else to `apiRoute`, the one pipeline (the same
 * parsing, gate, limits, idempotency, `app.apiRoutes` / `app.consoleRoutes` listing).
 */

type Method = 'GET' | 'POST';
type Handler<C, R> = (ctx: C) => Promise<R>;

/** Who a console write is recorded as: the shape the console use cases and their audit rows take. */
export interface ConsoleActor {
  operatorId: number;
  ip: string;
}

/** A console handler's context: the operator's, plus `actor` for the use cases that write an audit row. */
export type ConsoleContext<P> = OperatorContext<P> & { actor: ConsoleActor };

/** What a console route may add to its permission: its limits, and the session stages it accepts. */
export type ConsoleRouteOptions = Pick<ConsoleRouteDef<z.ZodType, unknown>, 'rateLimit' | 'bodyLimit' | 'idempotent'> &
  Omit<OperatorRule, 'permission'>;

type ConsoleDeclare = <S extends z.ZodType, R>(
  url: `/api/admin/${string}`,
  params: S,
  response: z.ZodType<R>,
  permission: AdminPermission | null,
  handler: Handler<ConsoleContext<z.output<S>>, R>,
  options?: ConsoleRouteOptions,
) => void;

/**
 * Declares console routes (/api/admin/*): `r.get(url, params, response, permission, handler, options?)`.
 * The permission is required (`null` only for the calls every operator makes about themself). `defaults`
 * (an idempotent router for the money and item moves) apply to each route unless its own options differ.
 */
export function consoleRouter(app: FastifyInstance, defaults: ConsoleRouteOptions = {}): { get: ConsoleDeclare; post: ConsoleDeclare } {
  const declare =
    (method: Method): ConsoleDeclare =>
    (url, params, response, permission, handler, options) => {
      const { allowPending, allowPasswordDue, ...limits } = { ...defaults, ...options };
      apiRoute(app, {
        method,
        url,
        params,
        response,
        operator: { permission, ...(allowPending ? { allowPending } : {}), ...(allowPasswordDue ? { allowPasswordDue } : {}) },
        ...limits,
        handler: (ctx) => handler({ ...ctx, actor: { operatorId: ctx.operatorId, ip: ctx.ip } }),
      });
    };
  return { get: declare('GET'), post: declare('POST') };
}

/** What a player route may add: its limits, idempotency, `exactResponse` (see `apiRoute`). */
export interface PlayerRouteOptions {
  rateLimit?: { max: number; timeWindowMs: number };
  bodyLimit?: number;
  idempotent?: { db: Db };
  exactResponse?: true;
}

/** A player handler's context: with `auth: 'required'` the pipeline has refused guests, so `userId` is set. */
type PlayerContext<Authed extends boolean, P> = Authed extends true ? AuthedContext<P> : RouteContext<P>;

type PlayerDeclare<Authed extends boolean> = <S extends z.ZodType, R>(
  url: string,
  params: S,
  response: z.ZodType<R>,
  handler: Handler<PlayerContext<Authed, z.output<S>>, R>,
  options?: PlayerRouteOptions,
) => void;

interface PlayerRouter<Authed extends boolean> {
  get: PlayerDeclare<Authed>;
  post: PlayerDeclare<Authed>;
  /** A route answering both methods (the old client calls some by either). */
  getOrPost: PlayerDeclare<Authed>;
}

/**
 * Declares player routes: `r.get(url, params, response, handler, options?)`. With `{ auth: 'required' }`
 * every route of the router refuses guests and its handlers see the `userId`; the other defaults (an
 * idempotent money router, a shared rate limit) apply to each route unless the route's own options differ.
 */
export function playerRouter(app: FastifyInstance, defaults: PlayerRouteOptions & { auth: 'required' }): PlayerRouter<true>;
export function playerRouter(app: FastifyInstance, defaults?: PlayerRouteOptions): PlayerRouter<false>;
export function playerRouter(app: FastifyInstance, defaults: PlayerRouteOptions & { auth?: 'required' } = {}): PlayerRouter<boolean> {
  const { auth, ...base } = defaults;
  const declare =
    (method: Method | Method[]): PlayerDeclare<boolean> =>
    <S extends z.ZodType, R>(
      url: string,
      params: S,
      response: z.ZodType<R>,
      handler: Handler<PlayerContext<boolean, z.output<S>>, R>,
      options?: PlayerRouteOptions,
    ) => {
      const def = { method, url, params, response, ...base, ...options };
      if (auth) apiRoute(app, { ...def, auth, handler });
      else apiRoute(app, { ...def, handler });
    };
  return { get: declare('GET'), post: declare('POST'), getOrPost: declare(['GET', 'POST']) };
}
