import { z } from 'zod';
import type { ConnectionGuards } from './guards.js';

/**
 * How the app reaches PostgreSQL beyond DATABASE_URL (issue 26 §4–6, decisions/0059), read by config.ts
 * with the rest of the environment. Every variable is listed in deploy/env.example and docs/DEPLOY.md.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const millis = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);

export const databaseEnvShape = {
  /** Longest statement on an app connection (0: PostgreSQL's own). Below the 30 s request timeout. */
  DB_STATEMENT_TIMEOUT_MS: millis(15_000),
  /** Longest wait for a lock held by another transaction before the request answers "busy, retry". */
  DB_LOCK_TIMEOUT_MS: millis(5_000),
  /** A transaction left idle this long is ended by the server and its locks released. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(30_000),
  /** `transaction`: DATABASE_URL is PgBouncer (or alike) in transaction mode. `none`: direct, or a session-mode pooler. */
  DATABASE_POOLER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['none', 'transaction']).default('none')),
  /** The primary itself, bypassing any pooler: LISTEN/NOTIFY and migrations. Required with DATABASE_POOLER=transaction. */
  DATABASE_DIRECT_URL: optionalUrl,
  /** A streaming standby for public read-heavy answers (never money). Unset: everything reads the primary. */
  DATABASE_READ_URL: optionalUrl,
  /** Reads leave the standby while its replay lag is above this (checked every second). */
  DB_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
};

export type DatabaseEnv = z.infer<z.ZodObject<typeof databaseEnvShape>>;

export interface DatabaseSettings {
  guards: ConnectionGuards;
  pooler: 'none' | 'transaction';
  directUrl: string | undefined;
  readUrl: string | undefined;
  readMaxLagMs: number;
}

export function readDatabaseSettings(env: DatabaseEnv & { DATABASE_URL?: string | undefined }): {
  settings: DatabaseSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const someUrl = env.DATABASE_DIRECT_URL ?? env.DATABASE_READ_URL;
  if (someUrl && !env.DATABASE_URL)
    problems.push('DATABASE_DIRECT_URL, DATABASE_READ_URL: only with DATABASE_URL (the embedded PGlite has neither)');
  if (env.DATABASE_POOLER === 'transaction' && !env.DATABASE_DIRECT_URL)
    problems.push(
      'DATABASE_DIRECT_URL: required with DATABASE_POOLER=transaction (LISTEN and the migration lock need a session of their ' +
        'own on the primary, which a transaction-mode pooler does not keep)',
    );
  return {
    problems,
    settings: {
      guards: {
        statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
        idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
      pooler: env.DATABASE_POOLER,
      directUrl: env.DATABASE_DIRECT_URL,
      readUrl: env.DATABASE_READ_URL,
      readMaxLagMs: env.DB_READ_MAX_LAG_MS,
    },
  };
}
