import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** OpenID response nonces already accepted: each is accepted once (replay protection). */
export const openidNonces = pgTable('openid_nonces', {
  nonce: text('nonce').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Real-name checks through the certification provider (redirect flow). */
export const certifications = pgTable('certifications', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  realNameMasked: text('real_name_masked').notNull(),
  idCardHash: text('id_card_hash').notNull(),
  birthDate: text('birth_date').notNull(),
  state: text('state').$type<'pending' | 'passed' | 'failed'>().notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Every synchronous real-name check a provider answered or failed (issue 17): the result and the
 * provider's reference, never the raw ID number (its keyed hash, as users.id_card_hash). A provider
 * failure is kept as `error` or `timeout`, never as a mismatch.
 */
export const realNameChecks = pgTable(
  'real_name_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    result: text('result').$type<'matched' | 'mismatch' | 'error' | 'timeout'>().notNull(),
    realNameMasked: text('real_name_masked').notNull(),
    idCardHash: text('id_card_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('real_name_checks_user').on(t.userId, t.id)],
);
