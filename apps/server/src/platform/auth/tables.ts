import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Session tokens: only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The web app's device id at login: a device that has logged in is "known" for SMS quotas. */
    deviceId: text('device_id'),
    /** Unused this long, the session ends (fixed at login from SESSION_IDLE_DAYS). */
    idleTimeoutS: integer('idle_timeout_s')
      .notNull()
      .default(7 * 86_400),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * Single-use, short-lived tickets: the Steam round-trip state, the code the callback page exchanges for
 * a token, a "link Steam" ticket, a passed security check. Only the hash of the ticket is stored.
 */
export const authTickets = pgTable('auth_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  payload: jsonb('payload').notNull().default({}),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
