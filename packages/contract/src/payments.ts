import { z } from 'zod';
import { errorCatalogue } from './errors.js';
import { filterParam, intParam, INTEGER_MAX, pagingParams, tokenParam } from './params.js';
import { optionalCouponId } from './cases.js';

export const rechargeChannelSchema = z.object({
  id: z.number().int(),
  channelName: z.string(),
  channelType: z.number().int(),
  currencyCodeList: z.array(z.string()),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
});
export const currencyRateSchema = z.object({
  currency: z.string(),
  symbol: z.string(),
  rateNum: z.number().int(),
  rateDen: z.number().int(),
});
/**
 * Issue 30 §1 (decision 0050): what the first-deposit bonus means for this player's next deposit, decided by
 * the server. `payout`: `on_deposit` paid with the deposit; `after_real_name` held and paid when the player
 * completes real-name verification; `none` not paid (`percent` 0), `reason` says why: `off` (no bonus
 * running), `recharged` (not the first deposit), `pending` (an earlier deposit's bonus waits for
 * verification, `pendingAmount` fen), `excluded` (cool-off or self-exclusion), `claimed` (this person or
 * device already had one).
 */
export const firstDepositOfferSchema = z.object({
  payout: z.enum(['on_deposit', 'after_real_name', 'none']),
  percent: z.number().int(),
  reason: z.enum(['off', 'recharged', 'pending', 'excluded', 'claimed']).nullable(),
  pendingAmount: z.number().int(),
});
export type FirstDepositOffer = z.infer<typeof firstDepositOfferSchema>;
/** Issue 30 §3: what the player's tightest deposit limit still allows (fen), for a warning before submitting. */
export const depositRoomSchema = z.object({
  remaining: z.number().int(),
  limit: z.number().int(),
  period: z.enum(['day', 'week', 'month']),
  resetsAt: z.string(),
});
export type DepositRoomInfo = z.infer<typeof depositRoomSchema>;

export const rechargeConfigSchema = z.object({
  rechargeChannelList: z.array(rechargeChannelSchema),
  currencyRateVoList: z.array(currencyRateSchema),
  /** Preset amounts in fen. */
  rechargeAmountAllowList: z.array(z.number().int()),
  /** The site's first-deposit percent (the terms); whether this player gets it is `firstDepositBonus`. */
  firstDepositBonusPercent: z.number().int(),
  hasRecharged: z.boolean(),
  firstDepositBonus: firstDepositOfferSchema.default({ payout: 'none', percent: 0, reason: 'off', pendingAmount: 0 }),
  /** Null: no deposit limit in force. */
  depositRoom: depositRoomSchema.nullable().default(null),
});

/** amount is in the chosen currency's minor unit (fen for CNY, cents for USD). */
export const makePaymentParams = z.object({
  rechargeChannelId: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: errorCatalogue.PAYMENT_CHANNEL_REQUIRED.zh })
      .int({ error: errorCatalogue.PAYMENT_CHANNEL_REQUIRED.zh })
      .min(1)
      .max(INTEGER_MAX),
  ),
  currencyCode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: errorCatalogue.CURRENCY_REQUIRED.zh }).regex(/^[A-Z]{3}$/, { error: errorCatalogue.CURRENCY_REQUIRED.zh }),
  ),
  amount: intParam(1, 100_000_000),
  /** A recharge coupon (couponType 2): extra credit when the order is paid; empty or -1 = none. */
  couponId: optionalCouponId,
});
/**
 * `qrCode`: set for QR payment modes (WeChat Pay Native, Alipay precreate): the content to draw as a QR code
 * for the payer to scan; `payUrl` then holds the same content. Null when `payUrl` is a page to open.
 */
export const paymentResultSchema = z.object({ orderId: z.string(), payUrl: z.string(), qrCode: z.string().nullable().default(null) });
export const paymentStateParams = z.object({ orderId: tokenParam(8, 64) });
export const paymentStateSchema = z.object({
  orderId: z.string(),
  /** 0 processing, 1 completed, 2 cancelled. */
  state: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  creditAmount: z.number().int(),
  bonusAmount: z.number().int(),
  /** Extra credit from a recharge coupon. */
  couponBonusAmount: z.number().int(),
  /** Issue 30 §1: the first-deposit bonus this order holds until the player completes real-name verification. */
  pendingBonusAmount: z.number().int().default(0),
  firstRechargeFlag: z.boolean(),
  channelName: z.string(),
  createTime: z.string(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** Flow records (getMyBalanceLog). balanceType: -1 all, 0 coins, 1 points, 2 secondary. */
export const balanceLogParams = pagingParams.extend({
  balanceType: filterParam.default(-1),
  actionType: z.preprocess(
    (v) => (v === '' || v === '-1' ? undefined : v),
    z
      .string()
      .regex(/^[a-z_]{2,40}$/)
      .optional(),
  ),
});
export const balanceLogSchema = z.object({
  id: z.number().int(),
  actionType: z.string(),
  actionName: z.string(),
  balanceType: z.number().int(),
  /** Signed: positive in, negative out. */
  changeAmount: z.number().int(),
  balanceAfter: z.number().int(),
  createTime: z.string(),
});
export const paymentRecordSchema = paymentStateSchema;

export const dailyTopUpSchema = z.object({
  day: z.string(),
  todayDeposit: z.number().int(),
  tiers: z.array(z.object({ minDepositFen: z.number().int(), rewardFen: z.number().int() })),
  reward: z.number().int(),
  claimed: z.boolean(),
  claimable: z.boolean(),
});
export const dailyTopUpClaimSchema = z.object({ reward: z.number().int(), balance: z.number().int() });
