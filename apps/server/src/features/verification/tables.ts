import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One-time codes sent by SMS or mail: hashed, bound to target and purpose, 5 minutes, 5 tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'sms' | 'mail'>().notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_target').on(t.target, t.purpose, t.id)],
);

/** Slider puzzles: the answer stays here; a pass yields a single-use token for one SMS send. */
export const sliderChallenges = pgTable('slider_challenges', {
  id: text('id').primaryKey(),
  targetX: integer('target_x').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  passTokenHash: text('pass_token_hash').unique('slider_challenges_pass_token'),
  passExpiresAt: timestamp('pass_expires_at', { withTimezone: true }),
  passUsedAt: timestamp('pass_used_at', { withTimezone: true }),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
