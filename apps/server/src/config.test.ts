import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('starts with nothing set: port 8080, embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/data\/pg$/);
    expect(config.seedDemo).toBe(true);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as Error).message;
      expect(text).toMatch(/PORT/);
      expect(text).toMatch(/DATABASE_URL/);
      expect(text).toMatch(/LOG_LEVEL/);
    }
  });

  it('switches to PostgreSQL and Redis when their URLs are given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1:5432/db');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('forbids the predictable local beacon in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' })).toThrow(/BEACON_SOURCE/);
  });
});
