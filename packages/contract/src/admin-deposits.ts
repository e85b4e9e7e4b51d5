import { z } from 'zod';
import { int, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { intParam, noNul, pagingParams, smallFilterParam, tokenParam } from './params.js';
import { dayParam, reasonParam } from './shared-params.js';
import { actingOperatorShape } from './shapes.js';

/**
 * Operator console screen 7 (deposits), issue 16: deposit orders, the gateway callbacks each received as
 * they arrived, and a review mark for a stuck order. Nothing here moves money: a credit comes only from a
 * signed callback, and a correction goes through a balance adjustment on the Players screen.
 */

export const depositListParams = pagingParams.extend({
  /** An order number (whole) or a player id. */
  q: z.string().trim().max(64).refine(noNul).optional(),
  /** spec §4: 0 processing, 1 completed, 2 cancelled; -1 all. */
  state: smallFilterParam.default(-1),
  from: dayParam,
  to: dayParam,
  /** Only orders marked for review. */
  review: z.enum(['all', 'marked']).default('all'),
});

export const depositReviewSchema = z.object({ at: text, ...actingOperatorShape, reason: text });

export const adminDepositSchema = z.object({
  orderNo: text,
  userId: int,
  channelId: int,
  channelName: text,
  currency: text,
  /** In the currency's minor unit, as the gateway is paid. */
  amountMinor: int,
  /** Coins credited, fen. */
  creditFen: int,
  bonusFen: int,
  couponBonusFen: int,
  state: int,
  providerTxnId: nullableText,
  createdAt: text,
  expiresAt: text,
  /** When it was paid or cancelled. */
  finishedAt: nullableText,
  review: depositReviewSchema.nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositPage = pageSchema(adminDepositSchema);

export const depositCallbackSchema = z.object({
  id: int,
  receivedAt: text,
  /** The body exactly as the gateway sent it (only callbacks whose signature checked are kept). */
  rawBody: text,
  /** The signature timestamp header. */
  timestamp: nullableText,
  /** What the webhook answered: success, already processed, fail: body, fail. */
  outcome: text,
});
export type DepositCallback = z.infer<typeof depositCallbackSchema>;

export const depositOrderParams = z.object({ orderNo: tokenParam(8, 64) });
export const depositDetail = z.object({ order: adminDepositSchema, callbacks: z.array(depositCallbackSchema) });
export type DepositDetail = z.infer<typeof depositDetail>;

export const depositMarkReviewParams = z.object({ orderNo: tokenParam(8, 64), reason: reasonParam });

/**
 * Refunds (issue 27 §3, decision 0060). A refund gives back part or all of what the payer paid, in the
 * order's currency and minor unit, and takes back from the player the coins it bought and the same share
 * of the bonuses it earned; it never takes more than the player's coin balance holds.
 */
export const depositRefundSchema = z.object({
  refundNo: text,
  amountMinor: int,
  /** Coins of the deposit taken back, and the bonus coins with them (fen). */
  coinFen: int,
  bonusFen: int,
  /** The part of a held first-deposit bonus the refund cancelled (fen; never paid, so nothing taken). */
  heldBonusFen: int,
  /** The inviter's rebate taken back, and what of it the inviter had already spent (not taken). */
  rebateFen: int,
  rebateUnrecoveredFen: int,
  reason: text,
  /** 0 pending at the provider, 1 succeeded, 2 failed (the coins were given back). */
  state: int,
  providerStatus: nullableText,
  operatorId: z.number().int().nullable(),
  createdAt: text,
  finishedAt: nullableText,
});
export type DepositRefund = z.infer<typeof depositRefundSchema>;

/** Why less than the whole order can be refunded now; `none`: all of what is left. */
export const refundLimits = ['none', 'refunded', 'balance', 'not_paid', 'channel_off'] as const;
export type RefundLimit = (typeof refundLimits)[number];

export const depositRefundQuote = z.object({
  orderNo: text,
  currency: text,
  amountMinor: int,
  /** Refunded for good, and asked for but not yet answered by the provider. */
  refundedMinor: int,
  pendingMinor: int,
  /** The most one refund may be now (0: none). */
  refundableMinor: int,
  limit: z.enum(refundLimits),
  coinBalanceFen: int,
  /** What a refund of `refundableMinor` takes back from the player, in fen. */
  takesCoinFen: int,
  takesBonusFen: int,
  takesHeldBonusFen: int,
  refunds: z.array(depositRefundSchema),
});
export type DepositRefundQuote = z.infer<typeof depositRefundQuote>;

/** Up to ¥50,000 (the channels' largest deposit); the server checks it against the order. */
export const depositRefundParams = z.object({
  orderNo: tokenParam(8, 64),
  amountMinor: intParam(1, 5_000_000),
  reason: reasonParam,
});
export const depositRefundResult = z.object({ refund: depositRefundSchema, quote: depositRefundQuote });
export type DepositRefundResult = z.infer<typeof depositRefundResult>;
