import { describe, expect, it } from 'vitest';
import { describeRedis, parseSentinels, readRedisSettings, redisOptions } from './connection.js';
import { loadConfig } from '../../config.js';

describe('where Redis is (issue 26 §10)', () => {
  it('reads one server from REDIS_URL, with its credentials, database and TLS', () => {
    const { redis, problems } = readRedisSettings({ REDIS_URL: 'rediss://app:p%40ss@cache.internal:6380/2' });
    expect(problems).toEqual([]);
    expect(redisOptions(redis!, { maxRetriesPerRequest: 1 })).toEqual({
      host: 'cache.internal',
      port: 6380,
      username: 'app',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: 1,
    });
    expect(describeRedis(redis!)).toBe('cache.internal:6380');
  });

  it('reads Sentinels and the master name; REDIS_URL then gives only the credentials and database', () => {
    const { redis, problems } = readRedisSettings({
      REDIS_SENTINELS: '10.0.0.5:26379, 10.0.0.6:26379,[::1]:26380',
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
      REDIS_URL: 'redis://:master-secret@ignored-host:1/3',
    });
    expect(problems).toEqual([]);
    const options = redisOptions(redis!, { enableOfflineQueue: false });
    expect(options).toEqual({
      password: 'master-secret',
      db: 3,
      sentinels: [
        { host: '10.0.0.5', port: 26379 },
        { host: '10.0.0.6', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'mymaster',
      sentinelPassword: 'sentinel-secret',
      enableOfflineQueue: false,
    });
    expect(options).not.toHaveProperty('host');
    expect(describeRedis(redis!)).not.toContain('secret');
  });

  it('refuses half a Sentinel setting and a malformed list, with the variable named', () => {
    expect(readRedisSettings({ REDIS_SENTINELS: '10.0.0.5:26379' }).problems.join()).toMatch(/REDIS_SENTINEL_NAME/);
    expect(readRedisSettings({ REDIS_SENTINEL_NAME: 'mymaster' }).problems.join()).toMatch(/REDIS_SENTINELS/);
    expect(parseSentinels('10.0.0.5')).toBeNull();
    expect(parseSentinels('a:1,b:99999')).toBeNull();
    expect(() => loadConfig({ REDIS_SENTINELS: 'nonsense', REDIS_SENTINEL_NAME: 'm' })).toThrow(/REDIS_SENTINELS/);
  });

  it('counts Sentinels as Redis when choosing the default number of workers, and as no Redis without either', () => {
    const pg = 'postgres://u@127.0.0.1:5432/db';
    expect(loadConfig({ DATABASE_URL: pg, REDIS_SENTINELS: '127.0.0.1:26379', REDIS_SENTINEL_NAME: 'm' }).redis?.sentinels).toHaveLength(1);
    expect(loadConfig({ DATABASE_URL: pg }).redis).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: '' }).redis).toBeUndefined();
  });
});
