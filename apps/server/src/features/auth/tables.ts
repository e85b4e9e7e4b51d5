import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
