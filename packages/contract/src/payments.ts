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
export const currencyRateSchema = z.object({ currency: z.string(), symbol: z.string(), rateNum: z.number().int(), rateDen: z.number().int() });
export const rechargeConfigSchema = z.object({
  rechargeChannelList: z.array(rechargeChannelSchema),
  currencyRateVoList: z.array(currencyRateSchema),
  /** Preset amounts in fen. */
  rechargeAmountAllowList: z.array(z.number().int()),
  firstDepositBonusPercent: z.number().int(),
  hasRecharged: z.boolean(),
});

/** amount is in the chosen currency's minor unit (fen for CNY, cents for USD). */
export const makePaymentParams = z.object({
  rechargeChannelId: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: errorCatalogue.PAYMENT_CHANNEL_REQUIRED.zh }).int({ error: errorCatalogue.PAYMENT_CHANNEL_REQUIRED.zh }).min(1).max(INTEGER_MAX),
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
  firstRechargeFlag: z.boolean(),
  channelName: z.string(),
  createTime: z.string(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** Flow records (getMyBalanceLog). balanceType: -1 all, 0 coins, 1 points, 2 secondary. */
export const balanceLogParams = pagingParams.extend({
  balanceType: filterParam.default(-1),
  actionType: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), z.string().regex(/^[a-z_]{2,40}$/).optional()),
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
