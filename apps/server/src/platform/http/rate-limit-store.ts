import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type IncrCallback = (err: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void;
}
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}
interface RouteOptions extends StoreParams {
  routeInfo: { method: string; url: string };
}

// The plugin's own stores (no typings of their own): the same counting rules, in Redis or in memory.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  ce: boolean | undefined,
  eb: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  ce: boolean | undefined,
  eb: boolean | undefined,
  cache?: number,
) => Store;

/**
 * A rate-limit store shared through Redis that falls back to this node's memory while Redis is down
 * (issue 10 §8): limits get per-node for a while instead of disappearing. Money safety never depended on
 * it — the database holds the locks.
 */
export function redisStoreWithFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (err: Error | null) => void,
): FastifyRateLimitStoreCtor {
  // The plugin passes its global parameters (continueExceeding, exponentialBackoff, …) to the constructor.
  return class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(
      params: StoreParams,
      private readonly prefix = nameSpace,
    ) {
      this.shared = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, prefix);
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void {
      if (redis.status !== 'ready') {
        onFallback(null);
        return this.local.incr(key, cb, timeWindow, max);
      }
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) return cb(null, result);
          onFallback(err);
          this.local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): FallbackStore {
      return new FallbackStore(routeOptions, `${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
