import { makePaymentParams, parseYuanToFen, type ErrorCode } from '@skinfair/contract';
import type { z } from 'zod';
import type { rechargeConfigSchema } from '@skinfair/contract';

export type RechargeConfig = z.infer<typeof rechargeConfigSchema>;
export type Channel = RechargeConfig['rechargeChannelList'][number];
export type CurrencyRate = RechargeConfig['currencyRateVoList'][number];

/** What the form holds. `presetMinor` is a preset in the chosen currency's minor unit; `custom` is typed. */
export interface RechargeDraft {
  channelId: number | null;
  currency: string | null;
  presetMinor: number | null;
  custom: string;
  /** A recharge coupon (couponType 2): extra credit when the order is paid. */
  couponId?: number | null;
}

/** The amount in the currency's minor unit: the typed amount when there is one, else the preset. */
export function amountMinor(draft: RechargeDraft): number | null {
  if (draft.custom.trim() !== '') {
    const fen = parseYuanToFen(draft.custom);
    return fen !== null && fen > 0 ? fen : null;
  }
  return draft.presetMinor;
}

/** Credit in fen = floor(amount_minor × rateNum / rateDen), as the server fixes it on the order. */
export const creditFen = (minor: number, rate: Pick<CurrencyRate, 'rateNum' | 'rateDen'>) =>
  Math.floor((minor * rate.rateNum) / rate.rateDen);

/**
 * The first-deposit bonus of a deposit of `credit` fen, split by when it arrives, as the server's offer for
 * this player says (issue 30 §1): with the deposit, or held until real-name verification; nothing when the
 * server says none (already deposited, cool-off, claimed). The panel never decides this itself.
 */
export function firstDepositBonusFen(credit: number, offer: RechargeConfig['firstDepositBonus']) {
  const fen = offer.percent > 0 ? Math.floor((credit * offer.percent) / 100) : 0;
  return { now: offer.payout === 'on_deposit' ? fen : 0, afterRealName: offer.payout === 'after_real_name' ? fen : 0 };
}

/** The VIP grade's recharge bonus in basis points, floored. */
export const vipRechargeBonusFen = (credit: number, bp: number) => (bp > 0 ? Math.floor((credit * bp) / 10_000) : 0);

export const findRate = (config: RechargeConfig, currency: string | null) =>
  config.currencyRateVoList.find((r) => r.currency === currency) ?? null;
export const findChannel = (config: RechargeConfig, id: number | null) => config.rechargeChannelList.find((c) => c.id === id) ?? null;

/** The defaults: the only channel when there is one, and its first currency. */
export function initialDraft(config: RechargeConfig): RechargeDraft {
  const only = config.rechargeChannelList.length === 1 ? config.rechargeChannelList[0]! : null;
  return {
    channelId: only?.id ?? null,
    currency: only?.currencyCodeList[0] ?? null,
    presetMinor: config.rechargeAmountAllowList[0] ?? null,
    custom: '',
  };
}

export type RechargeErrors = Partial<Record<'channel' | 'currency' | 'amount', ErrorCode>>;

/**
 * Client-side checks before makePayment, with the catalogue's codes (spec §5, §8): "请选择支付渠道",
 * "请选择币种" (the contract schema's own texts), an unreadable amount, and the channel's limits (which
 * apply to the credited fen).
 */
export function validateRecharge(config: RechargeConfig, draft: RechargeDraft): RechargeErrors {
  const errors: RechargeErrors = {};
  const channel = findChannel(config, draft.channelId);
  if (!channel || !makePaymentParams.shape.rechargeChannelId.safeParse(draft.channelId ?? '').success) {
    errors.channel = 'PAYMENT_CHANNEL_REQUIRED';
  }
  const rate = findRate(config, draft.currency);
  const currencyOk =
    makePaymentParams.shape.currencyCode.safeParse(draft.currency ?? '').success &&
    rate !== null &&
    (!channel || channel.currencyCodeList.includes(draft.currency ?? ''));
  if (!currencyOk) errors.currency = 'CURRENCY_REQUIRED';
  const minor = amountMinor(draft);
  if (minor === null) errors.amount = 'AMOUNT_INVALID';
  else if (channel && rate) {
    const credit = creditFen(minor, rate);
    if (credit < channel.minAmount || credit > channel.maxAmount) errors.amount = 'DEPOSIT_AMOUNT_OUT_OF_RANGE';
    // Issue 30 §3: the server's room under the player's deposit limit, warned before the order is made.
    else if (config.depositRoom && credit > config.depositRoom.remaining) errors.amount = 'PROTECTION_DEPOSIT_LIMIT_LEFT';
  }
  return errors;
}

/** Payment state (spec §4): 0 processing, 1 completed, 2 cancelled. Poll every 2 s until it settles. */
export const PAYMENT_POLL_MS = 2000;
export const isSettled = (state: number | undefined) => state === 1 || state === 2;
export const paymentPollInterval = (state: number | undefined): number | false => (isSettled(state) ? false : PAYMENT_POLL_MS);

interface GradeLike {
  grade: number;
  name: string;
  levelReward: number;
  freeBoxes: number;
}

/** The grades a deposit crossed (before → after), with their once-only rewards. */
export function crossedGrades(before: number, after: number, ladder: readonly GradeLike[]): GradeLike[] {
  return ladder.filter((g) => g.grade > before && g.grade <= after);
}
