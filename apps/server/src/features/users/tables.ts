import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Players and bots. Credentials and real-name data are kept here; only hashes of ID numbers. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100_000 }),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    mobile: text('mobile').unique('users_mobile'),
    email: text('email'),
    tradeUrl: text('trade_url'),
    steamId: text('steam_id').unique('users_steam_id'),
    grade: integer('grade').notNull().default(0),
    isBot: boolean('is_bot').notNull().default(false),
    status: text('status').$type<'active' | 'frozen' | 'cancelled'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordHash: text('password_hash'),
    /** The user's own invitation (promotion) code, 6–15 letters and digits. */
    invitationCode: text('invitation_code').unique('users_invitation_code'),
    inviterId: bigint('inviter_id', { mode: 'number' }),
    promoteCode: text('promote_code'),
    channelCode: text('channel_code'),
    realNameMasked: text('real_name_masked'),
    /** HMAC of the ID number: one ID binds one account, and the number itself is never stored. */
    idCardHash: text('id_card_hash').unique('users_id_card_hash'),
    birthDate: date('birth_date'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when a real-name check showed the holder is under 18: the account cannot spend. */
    minor: boolean('minor').notNull().default(false),
    /** Preferred security way: 0 phone, 1 mail. */
    securityWay: integer('security_way'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When the phone / mail was last bound or changed after sign-up (null: since sign-up or before this
     * was recorded). A way bound in the last 7 days cannot pass a security check (decisions/0015).
     */
    phoneBoundAt: timestamp('phone_bound_at', { withTimezone: true }),
    emailBoundAt: timestamp('email_bound_at', { withTimezone: true }),
    /** Streamers create giveaway rooms for their audience (issue 14); set by the operator CLI. */
    streamer: boolean('streamer').notNull().default(false),
  },
  (t) => [
    index('users_inviter')
      .on(t.inviterId)
      .where(sql`${t.inviterId} IS NOT NULL`),
  ],
);

export type WithdrawalHoldReason = 'trade_url' | 'password' | 'phone' | 'new_device';

/**
 * Withdrawals wait after a change that a thief with a stolen session or password would make (issue 24 §2,
 * decision 0045): a trade link change, a password set or reset, a phone change, a login from a new device.
 * A hold ends at `until`, or earlier when an operator releases it (`released_*`, with an audit row).
 */
export const withdrawalHolds = pgTable(
  'withdrawal_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    reason: text('reason').$type<WithdrawalHoldReason>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The operator who released it. */
    releasedBy: bigint('released_by', { mode: 'number' }),
    releaseNote: text('release_note'),
  },
  (t) => [
    index('withdrawal_holds_user').on(t.userId, t.until),
    check('withdrawal_holds_reason', sql`${t.reason} IN ('trade_url', 'password', 'phone', 'new_device')`),
  ],
);
