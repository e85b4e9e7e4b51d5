import type { FastifyInstance } from 'fastify';

/**
 * The Redis connection an app shares its rate limits through (createPlatformServer), for the parts that
 * report on it (the metrics' fallback gauge) without threading it through every builder.
 */
export interface RedisState {
  readonly status: string;
}
const byApp = new WeakMap<FastifyInstance, RedisState>();

export function rememberAppRedis(app: FastifyInstance, redis: RedisState): void {
  byApp.set(app, redis);
}
export function appRedisOf(app: FastifyInstance): RedisState | undefined {
  return byApp.get(app);
}
