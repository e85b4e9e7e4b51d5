import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const paymentChannels = pgTable('payment_channels', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** 0 WeChat, 1 Alipay, 9 sandbox (api-shapes §6). */
  channelType: smallint('channel_type').notNull(),
  currencies: jsonb('currencies').$type<string[]>().notNull(),
  minAmountFen: bigint('min_amount_fen', { mode: 'number' }).notNull(),
  maxAmountFen: bigint('max_amount_fen', { mode: 'number' }).notNull(),
  /** The per-channel key its callbacks are signed with (HMAC-SHA256). */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  weight: integer('weight').notNull().default(0),
});

/** credit in fen = floor(amount in the currency's minor unit × rateNum / rateDen). */
export const currencyRates = pgTable('currency_rates', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  rateNum: integer('rate_num').notNull(),
  rateDen: integer('rate_den').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/** Deposit orders: 0 processing → 1 completed, or → 2 cancelled (spec §4), each move once. */
export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique('deposit_orders_order_no'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    channelId: integer('channel_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    creditFen: bigint('credit_fen', { mode: 'number' }).notNull(),
    bonusFen: bigint('bonus_fen', { mode: 'number' }).notNull().default(0),
    state: smallint('state').notNull().default(0),
    providerTxnId: text('provider_txn_id'),
    /** A recharge coupon reserved by this order: spent when it is paid, given back when it is cancelled. */
    couponId: bigint('coupon_id', { mode: 'number' }),
    couponBonusFen: bigint('coupon_bonus_fen', { mode: 'number' }).notNull().default(0),
    /**
     * The first-deposit bonus percent in force when the order was made (the one the player was shown): a
     * first deposit earns it even if an operator changes the rate before the payment lands. Null on orders
     * made before this column: they earn the rate in force when paid.
     */
    firstDepositBonusPercent: smallint('first_deposit_bonus_percent'),
    /**
     * The first-deposit bonus this order earned but could not pay yet: made before the player's real-name
     * verification (issue 30 §1, decision 0050). Paid, and moved to bonus_fen, when the player verifies.
     */
    bonusPendingFen: bigint('bonus_pending_fen', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** An operator's mark that this order needs a look (a stuck or disputed payment); it moves no money. */
    reviewAt: timestamp('review_at', { withTimezone: true }),
    reviewOperatorId: bigint('review_operator_id', { mode: 'number' }),
    reviewReason: text('review_reason'),
  },
  (t) => [
    uniqueIndex('deposit_orders_provider_txn').on(t.channelId, t.providerTxnId),
    index('deposit_orders_user').on(t.userId, t.id),
    check('deposit_orders_state', sql`${t.state} IN (0, 1, 2)`),
    check('deposit_orders_amount', sql`${t.amountMinor} > 0 AND ${t.creditFen} > 0`),
  ],
);

/**
 * Every gateway callback whose signature checked, kept as received (the raw body, byte for byte as text) with
 * what the webhook answered: the operator console shows them beside the order. Unsigned posts are not kept,
 * so nobody can fill this table from outside.
 */
export const depositCallbacks = pgTable(
  'deposit_callbacks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: integer('channel_id').notNull(),
    /** The body's orderId when it could be read (null for a body that did not parse). */
    orderNo: text('order_no'),
    rawBody: text('raw_body').notNull(),
    timestampHeader: text('timestamp_header'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deposit_callbacks_order').on(t.orderNo, t.id)],
);

/**
 * Refunds of paid deposits (issue 27 §3, decision 0060), one row per operator request. The row is the
 * intent, written and committed before the provider is asked (decision 0058), and `refund_no` is the id the
 * provider knows it by (Alipay out_request_no, WeChat Pay out_refund_no): a retry asks about it, never
 * refunds twice. 0 pending (coins debited, the provider asked or about to be) → 1 succeeded, or → 2 failed
 * (the provider refused: the coins are given back). Every amount is what this refund moved, in fen
 * (`amount_minor` in the order's currency).
 */
export const depositRefunds = pgTable(
  'deposit_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refundNo: text('refund_no').notNull().unique('deposit_refunds_refund_no'),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The order's amount not refunded before this one (the base of its bonus shares). */
    remainingBeforeMinor: bigint('remaining_before_minor', { mode: 'number' }).notNull(),
    /** Coins of the deposit itself taken back (deposit_refund). */
    coinFen: bigint('coin_fen', { mode: 'number' }).notNull(),
    /** Bonus coins this deposit paid the player, taken back (deposit_bonus_clawback). */
    bonusFen: bigint('bonus_fen', { mode: 'number' }).notNull(),
    /** The part of a first-deposit bonus still held for real-name verification that this refund cancels. */
    heldBonusFen: bigint('held_bonus_fen', { mode: 'number' }).notNull().default(0),
    /** The inviter's rebate taken back when the refund succeeded, and the part of it the inviter had spent. */
    rebateFen: bigint('rebate_fen', { mode: 'number' }).notNull().default(0),
    rebateUnrecoveredFen: bigint('rebate_unrecovered_fen', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    state: smallint('state').notNull().default(0),
    /** The provider's refund id, and its last word (a status, an error code) for the console. */
    providerRefundId: text('provider_refund_id'),
    providerStatus: text('provider_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('deposit_refunds_order').on(t.orderId, t.id),
    check('deposit_refunds_state', sql`${t.state} IN (0, 1, 2)`),
    check('deposit_refunds_amounts', sql`${t.amountMinor} > 0 AND ${t.coinFen} >= 0 AND ${t.bonusFen} >= 0`),
  ],
);
