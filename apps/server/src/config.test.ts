import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

const strongSecret = 'q7Vb2xK9mZ4pR8tW1yN6cF3hJ5sL0dGaE-uXo_iB';
const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
  BEACON_SOURCE: 'drand',
  APP_SECRET: strongSecret,
  PUBLIC_URL: 'https://skinfair.example',
} as const;

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return '';
}

describe('public exposure (issue 9 §1)', () => {
  it('listens on loopback only outside production, with the sandbox on', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.sandboxTools).toBe(true);
  });

  it('refuses a sandbox that listens beyond loopback, saying why and what to do', () => {
    const text = problemsOf({ HOST: '0.0.0.0' });
    expect(text).toMatch(/SANDBOX_TOOLS/);
    expect(text).toMatch(/loopback/);
    expect(text).toMatch(/SANDBOX_TOOLS=false/);
    expect(problemsOf({ HOST: '::' })).toMatch(/SANDBOX_TOOLS/);
    expect(problemsOf({ HOST: '192.168.1.5', SANDBOX_TOOLS: 'true' })).toMatch(/SANDBOX_TOOLS/);
  });

  it('refuses a sandbox advertised on a public address', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://skinfair.example' })).toMatch(/PUBLIC_URL=https:\/\/skinfair.example/);
  });

  it('accepts loopback spellings for the sandbox', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(loadConfig({ HOST }).sandboxTools).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:8080' }).sandboxTools).toBe(true);
  });

  it('serves beyond loopback once the sandbox is off', () => {
    const config = loadConfig({ HOST: '0.0.0.0', SANDBOX_TOOLS: 'false' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.sandboxTools).toBe(false);
  });
});

describe('production guard (issue 9 §9)', () => {
  it('boots with a real database, drand, a strong secret and a public URL; demo seeding off', () => {
    const config = loadConfig({ ...productionEnv });
    expect(config.host).toBe('0.0.0.0');
    expect(config.sandboxTools).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('lists every unsafe production setting at once', () => {
    const text = problemsOf({ NODE_ENV: 'production', SANDBOX_TOOLS: 'true', SEED_DEMO: 'true' });
    for (const name of ['SANDBOX_TOOLS', 'DATABASE_URL', 'BEACON_SOURCE', 'SEED_DEMO', 'APP_SECRET', 'PUBLIC_URL'])
      expect(text).toMatch(name);
  });

  it('refuses PGlite, the local beacon and demo data one by one', () => {
    const { DATABASE_URL: _db, ...noDatabase } = productionEnv;
    expect(problemsOf(noDatabase)).toMatch(/DATABASE_URL/);
    expect(problemsOf({ ...productionEnv, BEACON_SOURCE: 'local' })).toMatch(/BEACON_SOURCE/);
    expect(problemsOf({ ...productionEnv, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO/);
  });

  it('refuses a low-entropy APP_SECRET even when it is long', () => {
    expect(problemsOf({ ...productionEnv, APP_SECRET: 'changemechangemechangemechangeme' })).toMatch(/APP_SECRET: looks low-entropy/);
    expect(problemsOf({ ...productionEnv, APP_SECRET: 'a'.repeat(64) })).toMatch(/APP_SECRET/);
    expect(problemsOf({ ...productionEnv, APP_SECRET: '0123456789abcdef0123456789abcdef' })).toMatch(/APP_SECRET/);
  });

  it('refuses a Steam OpenID endpoint over plain http, except a stub on this machine', () => {
    expect(problemsOf({ ...productionEnv, STEAM_OPENID_ENDPOINT: 'http://steamcommunity.com/openid/login' })).toMatch(
      /STEAM_OPENID_ENDPOINT: .* must be https/,
    );
    expect(problemsOf({ STEAM_OPENID_ENDPOINT: 'http://openid.example/login' })).toMatch(/STEAM_OPENID_ENDPOINT/);
    expect(problemsOf({ ...productionEnv, STEAM_OPENID_ENDPOINT: 'http://127.0.0.1:9999/openid/login' })).toBe('');
  });

  it('refuses a real payment provider pointed at its own sandbox, which pays with play money', () => {
    const alipaySandbox = { PAYMENT_PROVIDERS: 'alipay', ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' };
    expect(problemsOf({ ...productionEnv, ...alipaySandbox })).toMatch(/ALIPAY_GATEWAY: .*sandbox/);
    expect(
      problemsOf({ ...productionEnv, PAYMENT_PROVIDERS: 'wechatpay', WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com/sandboxnew' }),
    ).toMatch(/WECHATPAY_BASE_URL: .*sandbox/);
    // Outside production a provider's sandbox is how one tries it out.
    expect(problemsOf(alipaySandbox)).not.toMatch(/ALIPAY_GATEWAY/);
  });

  it('accepts a generated hex secret', () => {
    expect(problemsOf({ ...productionEnv, APP_SECRET: 'c5e0a7f3b19d42e68f0b7a2c4d9e1f3a6b8c0d2e4f6a8b0c' })).toBe('');
  });
});

describe('trusted proxies (issue 9 §8)', () => {
  it('takes a list of addresses, CIDRs and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      'fd00::/8',
    ]);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });

  it('refuses hop counts and nonsense', () => {
    expect(problemsOf({ TRUST_PROXY: '2' })).toMatch(/hop count/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/99' })).toMatch(/TRUST_PROXY/);
  });
});

describe('server processes and run-time paths (issue 11, decisions/0022)', () => {
  const pg = 'postgres://u@127.0.0.1:5432/db';
  const redis = 'redis://127.0.0.1:6379';

  it('runs one process per core with PostgreSQL and Redis, and one process otherwise', () => {
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: redis }).workers).toBe(os.availableParallelism());
    expect(loadConfig({}).workers).toBe(1);
    // Without Redis a second process would show only its own drops on the live feed.
    expect(loadConfig({ DATABASE_URL: pg }).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: pg, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: redis, WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses more than one process on the embedded PGlite, saying what to set', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: 2 processes need PostgreSQL \(DATABASE_URL\)/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('finds the built web app in this repository whatever the working directory', () => {
    const cwd = process.cwd();
    process.chdir(os.tmpdir());
    try {
      expect(loadConfig({}).webDist).toBe(path.join(repoRoot, 'apps/web/dist'));
      expect(loadConfig({ WEB_DIST: 'elsewhere/dist' }).webDist).toBe(path.join(fs.realpathSync(os.tmpdir()), 'elsewhere/dist'));
    } finally {
      process.chdir(cwd);
    }
  });
});
