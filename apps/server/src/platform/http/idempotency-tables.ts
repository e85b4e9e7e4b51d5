import { bigint, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Idempotency-Key of money-moving POSTs (security.md): the first answer to (user, key) is kept, a repeat
 * with the same body gets it again, another body under the same key is refused.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still running. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the running attempt took the key or last renewed it (its heartbeat); a key without an answer is
     * free again once a lease passes without a renewal.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Which attempt holds the key: only it may renew the claim, record an answer or free the key, so an
     * attempt whose claim was taken over cannot commit over its successor. Null on claims made before 0042.
     */
    attempt: uuid('attempt'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
