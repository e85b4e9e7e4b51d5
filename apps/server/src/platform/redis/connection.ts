import { Redis, type RedisOptions } from 'ioredis';
import { z } from 'zod';

/**
 * Where Redis is (issue 26 §10): one server at REDIS_URL, or a master found through Redis Sentinel
 * (REDIS_SENTINELS + REDIS_SENTINEL_NAME), which moves the clients to the new master when Sentinel fails
 * over. Every connection of the app (rate limits, the live fan-out's publisher and subscriber) is opened
 * here, so both ways reach all of them. Redis is optional at run time: what uses it falls back to
 * node-local work while it is away (rate-limit-store.ts, live/hub.ts).
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const redisEnvShape = {
  /** redis://[user:password@]host:port[/db]; with REDIS_SENTINELS only its user, password and db are used. */
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** host:port,host:port of the Sentinels; set with REDIS_SENTINEL_NAME. */
  REDIS_SENTINELS: optionalText,
  /** The master's name in the Sentinels' configuration (sentinel monitor <name> …). */
  REDIS_SENTINEL_NAME: optionalText,
  /** Only when the Sentinels themselves require a password (requirepass in sentinel.conf). */
  REDIS_SENTINEL_PASSWORD: optionalText,
};
export type RedisEnv = z.infer<z.ZodObject<typeof redisEnvShape>>;

export interface RedisSettings {
  /** REDIS_URL: the server, or with Sentinels the master's credentials and database. */
  url?: string;
  sentinels?: { host: string; port: number }[];
  sentinelName?: string;
  sentinelPassword?: string;
}

export function readRedisSettings(env: RedisEnv): { redis: RedisSettings | undefined; problems: string[] } {
  const problems: string[] = [];
  if (!env.REDIS_SENTINELS) {
    if (env.REDIS_SENTINEL_NAME) problems.push('REDIS_SENTINEL_NAME: set REDIS_SENTINELS (host:port,host:port) with it');
    return { redis: env.REDIS_URL ? { url: env.REDIS_URL } : undefined, problems };
  }
  const sentinels = parseSentinels(env.REDIS_SENTINELS);
  if (!sentinels)
    problems.push(`REDIS_SENTINELS: "${env.REDIS_SENTINELS}" is not a list of host:port (e.g. 10.0.0.5:26379,10.0.0.6:26379)`);
  if (!env.REDIS_SENTINEL_NAME)
    problems.push('REDIS_SENTINEL_NAME: the master name the Sentinels monitor is required with REDIS_SENTINELS');
  return {
    redis: {
      ...(env.REDIS_URL ? { url: env.REDIS_URL } : {}),
      sentinels: sentinels ?? [],
      ...(env.REDIS_SENTINEL_NAME ? { sentinelName: env.REDIS_SENTINEL_NAME } : {}),
      ...(env.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: env.REDIS_SENTINEL_PASSWORD } : {}),
    },
    problems,
  };
}

export function parseSentinels(list: string): { host: string; port: number }[] | null {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = entries.map((entry) => {
    const m = /^(\[[0-9a-f:]+\]|[^:\s]+):(\d{1,5})$/i.exec(entry);
    const port = m ? Number(m[2]) : 0;
    return m && port > 0 && port < 65536 ? { host: m[1]!.replace(/^\[|\]$/g, ''), port } : null;
  });
  return parsed.length > 0 && parsed.every((p) => p !== null) ? (parsed as { host: string; port: number }[]) : null;
}

/** The ioredis options for these settings, merged with the caller's (retry and queue behaviour). */
export function redisOptions(settings: RedisSettings, extra: RedisOptions = {}): RedisOptions {
  const fromUrl = settings.url ? urlOptions(settings.url) : {};
  if (!settings.sentinels) return { ...fromUrl, ...extra };
  // Sentinel mode: the URL's host names nothing; the Sentinels say which server is the master.
  const { host: _host, port: _port, ...credentials } = fromUrl;
  return {
    ...credentials,
    sentinels: settings.sentinels,
    name: settings.sentinelName ?? 'mymaster',
    ...(settings.sentinelPassword ? { sentinelPassword: settings.sentinelPassword } : {}),
    // A failover ends the connection to the old master; ioredis asks the Sentinels again and reconnects.
    ...extra,
  };
}

export function openRedis(settings: RedisSettings, extra: RedisOptions = {}): Redis {
  return new Redis(redisOptions(settings, extra));
}

/** What the log and the health body may say about where Redis is (never the password). */
export function describeRedis(settings: RedisSettings): string {
  if (settings.sentinels)
    return `sentinel ${settings.sentinelName ?? ''} via ${settings.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`;
  const url = settings.url ? new URL(settings.url) : null;
  return url ? `${url.hostname}:${url.port || 6379}` : 'none';
}

function urlOptions(raw: string): RedisOptions {
  const url = new URL(raw);
  const db = Number(url.pathname.replace(/^\//, '') || 0);
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
