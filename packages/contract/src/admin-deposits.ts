import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { noNul, pagingParams, smallFilterParam, tokenParam } from './params.js';

/**
 * Operator console screen 7 (deposits), issue 16: deposit orders, the gateway callbacks each received as
 * they arrived, and a review mark for a stuck order. Nothing here moves money: a credit comes only from a
 * signed callback, and a correction goes through a balance adjustment on the Players screen.
 */

const reasonParam = z.string().trim().min(2, { error: '请填写原因（至少2个字）' }).max(200, { error: '原因不超过200字' }).refine(noNul);

/** A day (YYYY-MM-DD, UTC): `to` includes the whole day. */
const dayParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' })
  .optional();

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

export const depositReviewSchema = z.object({
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  reason: z.string(),
});

export const adminDepositSchema = z.object({
  orderNo: z.string(),
  userId: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  currency: z.string(),
  /** In the currency's minor unit, as the gateway is paid. */
  amountMinor: z.number().int(),
  /** Coins credited, fen. */
  creditFen: z.number().int(),
  bonusFen: z.number().int(),
  couponBonusFen: z.number().int(),
  state: z.number().int(),
  providerTxnId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it was paid or cancelled. */
  finishedAt: z.string().nullable(),
  review: depositReviewSchema.nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositPage = pageSchema(adminDepositSchema);

export const depositCallbackSchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  /** The body exactly as the gateway sent it (only callbacks whose signature checked are kept). */
  rawBody: z.string(),
  /** The signature timestamp header. */
  timestamp: z.string().nullable(),
  /** What the webhook answered: success, already processed, fail: body, fail. */
  outcome: z.string(),
});
export type DepositCallback = z.infer<typeof depositCallbackSchema>;

export const depositOrderParams = z.object({ orderNo: tokenParam(8, 64) });
export const depositDetail = z.object({
  order: adminDepositSchema,
  callbacks: z.array(depositCallbackSchema),
});
export type DepositDetail = z.infer<typeof depositDetail>;

export const depositMarkReviewParams = z.object({ orderNo: tokenParam(8, 64), reason: reasonParam });
