import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per (bonus kind, identity hash) and per (bonus kind, device id) that has claimed it
 * (docs/decisions/0016). The unique index is what makes two concurrent claims from one device or one
 * person end with exactly one winner: the loser's insert waits for the winner's commit and then finds it.
 */
export const bonusClaims = pgTable(
  'bonus_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').$type<'identity' | 'device'>().notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bonus_claims_subject').on(t.kind, t.subjectType, t.subject), index('bonus_claims_user').on(t.userId)],
);

/** Which devices each account was used from, so an inviter and an invitee on one device can be told apart. */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_devices_pk', columns: [t.userId, t.deviceId] }), index('user_devices_device').on(t.deviceId)],
);
