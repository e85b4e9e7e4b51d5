import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
const PG = 'postgres://skinfair@127.0.0.1:5432/skinfair';

describe('database settings (decisions/0059)', () => {
  it('guards every connection by default: 15 s statements, 5 s lock waits, 30 s idle transactions; direct, no standby', () => {
    expect(loadConfig({ ...base, DATABASE_URL: PG }).database).toEqual({
      guards: { statementTimeoutMs: 15_000, lockTimeoutMs: 5_000, idleInTransactionTimeoutMs: 30_000 },
      pooler: 'none',
      directUrl: undefined,
      readUrl: undefined,
      readMaxLagMs: 5_000,
    });
  });

  it('reads the timeouts, the pooler mode, the direct and the read URL', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://skinfair@127.0.0.1:6432/skinfair',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_LOCK_TIMEOUT_MS: '2000',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000',
      DATABASE_POOLER: 'transaction',
      DATABASE_DIRECT_URL: PG,
      DATABASE_READ_URL: 'postgres://skinfair@standby:5432/skinfair',
      DB_READ_MAX_LAG_MS: '2000',
    });
    expect(config.database).toEqual({
      guards: { statementTimeoutMs: 0, lockTimeoutMs: 2_000, idleInTransactionTimeoutMs: 60_000 },
      pooler: 'transaction',
      directUrl: PG,
      readUrl: 'postgres://skinfair@standby:5432/skinfair',
      readMaxLagMs: 2_000,
    });
  });

  it('refuses a transaction pooler without a direct URL, and a direct or read URL without PostgreSQL', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: PG, DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_DIRECT_URL: required/);
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: PG })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_URL: PG, DATABASE_POOLER: 'session' })).toThrow(/DATABASE_POOLER/);
    expect(() => loadConfig({ ...base, DATABASE_URL: PG, DB_LOCK_TIMEOUT_MS: '-1' })).toThrow(/DB_LOCK_TIMEOUT_MS/);
  });
});
