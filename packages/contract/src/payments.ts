import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { errorCatalogue } from './errors.js';
import { filterParam, intParam, INTEGER_MAX, pagingParams, tokenParam } from './params.js';
import { optionalCouponId } from './cases.js';

export const rechargeChannelSchema = z.object({
  id: int,
  channelName: text,
  channelType: int,
  currencyCodeList: z.array(text),
  minAmount: int,
  maxAmount: int,
});
export const currencyRateSchema = z.object({ currency: text, symbol: text, rateNum: int, rateDen: int });
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
  percent: int,
  reason: z.enum(['off', 'recharged', 'pending', 'excluded', 'claimed']).nullable(),
  pendingAmount: int,
});
export type FirstDepositOffer = z.infer<typeof firstDepositOfferSchema>;
/** Issue 30 §3: what the player's tightest deposit limit still allows (fen), for a warning before submitting. */
export const depositRoomSchema = z.object({ remaining: int, limit: int, period: z.enum(['day', 'week', 'month']), resetsAt: text });
export type DepositRoomInfo = z.infer<typeof depositRoomSchema>;

export const rechargeConfigSchema = z.object({
  rechargeChannelList: z.array(rechargeChannelSchema),
  currencyRateVoList: z.array(currencyRateSchema),
  /** Preset amounts in fen. */
  rechargeAmountAllowList: z.array(int),
  /** The site's first-deposit percent (the terms); whether this player gets it is `firstDepositBonus`. */
  firstDepositBonusPercent: int,
  hasRecharged: bool,
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
export const paymentResultSchema = z.object({ orderId: text, payUrl: text, qrCode: nullableText.default(null) });
export const paymentStateParams = z.object({ orderId: tokenParam(8, 64) });
export const paymentStateSchema = z.object({
  orderId: text,
  /** 0 processing, 1 completed, 2 cancelled. */
  state: int,
  amount: int,
  currency: text,
  creditAmount: int,
  bonusAmount: int,
  /** Extra credit from a recharge coupon. */
  couponBonusAmount: int,
  /** Issue 30 §1: the first-deposit bonus this order holds until the player completes real-name verification. */
  pendingBonusAmount: int.default(0),
  firstRechargeFlag: bool,
  channelName: text,
  createTime: text,
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
  id: int,
  actionType: text,
  actionName: text,
  balanceType: int,
  /** Signed: positive in, negative out. */
  changeAmount: int,
  balanceAfter: int,
  createTime: text,
});
export const paymentRecordSchema = paymentStateSchema;

export const dailyTopUpSchema = z.object({
  day: text,
  todayDeposit: int,
  tiers: z.array(z.object({ minDepositFen: int, rewardFen: int })),
  reward: int,
  claimed: bool,
  claimable: bool,
});
export const dailyTopUpClaimSchema = z.object({ reward: int, balance: int });
