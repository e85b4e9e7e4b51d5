import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator accounts (issue 16): not players, never in `users`; a password plus TOTP. */
export const operators = pgTable('operators', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique('operators_name'),
  /** argon2id, the same hashing as players' passwords (platform/auth). */
  passwordHash: text('password_hash').notNull(),
  /** AES-256-GCM of the base32 TOTP secret under a key derived from APP_SECRET; never returned. */
  totpSecretEnc: text('totp_secret_enc'),
  /** Two-factor set up: the first correct code after enrolment sets it. */
  enrolled: boolean('enrolled').notNull().default(false),
  role: text('role').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  /**
   * The password was set by someone else (an admin's reset or initial password, the command line's
   * generated one): after two-factor the session reaches only the password change until a new one is set.
   */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** When a one-time password an admin issued stops working (null: the password does not expire). */
  passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Operator sessions: only a SHA-256 of the token is stored. `verified` once the TOTP step passed; until then
 * the token reaches only /api/admin/totp (and logout). Short: ADMIN_SESSION_IDLE_MINUTES idle, ADMIN_SESSION_HOURS in all.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique('operator_sessions_token_hash'),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    idleTimeoutS: integer('idle_timeout_s').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/**
 * Append-only: who, when, what, before and after. No code path updates or deletes a row, and a trigger
 * (migration) refuses UPDATE and DELETE on both PGlite and PostgreSQL.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the first-admin command, which runs before any operator exists. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_operator_at').on(t.operatorId, t.at),
    index('audit_log_target').on(t.targetType, t.targetId),
  ],
);
