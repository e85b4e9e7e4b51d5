import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@skinfair/contract';
import { catalogueText } from '../../shared/forms/validate';
import {
  amountMinor,
  creditFen,
  crossedGrades,
  firstDepositBonusFen,
  initialDraft,
  isSettled,
  paymentPollInterval,
  validateRecharge,
  vipRechargeBonusFen,
  type RechargeDraft,
} from './recharge-math';
import { rechargeConfigFixture as configFixture } from '../../test/factories';

const draft = (over: Partial<RechargeDraft> = {}): RechargeDraft => ({
  channelId: 1,
  currency: 'CNY',
  presetMinor: 10_000,
  custom: '',
  ...over,
});

describe('recharge amounts', () => {
  it('uses the preset unless a custom amount is typed (yuan → minor units)', () => {
    expect(amountMinor(draft())).toBe(10_000);
    expect(amountMinor(draft({ custom: '12.5' }))).toBe(1_250);
    expect(amountMinor(draft({ custom: ' 88 ' }))).toBe(8_800);
    expect(amountMinor(draft({ custom: '1.234' }))).toBeNull();
    expect(amountMinor(draft({ custom: 'abc' }))).toBeNull();
    expect(amountMinor(draft({ custom: '0' }))).toBeNull();
    expect(amountMinor(draft({ presetMinor: null }))).toBeNull();
  });

  it('credits floor(amount × rateNum / rateDen): CNY 1:1, USD 7.2', () => {
    expect(creditFen(10_000, { rateNum: 1, rateDen: 1 })).toBe(10_000);
    expect(creditFen(1_000, { rateNum: 36, rateDen: 5 })).toBe(7_200); // $10 → ¥72
    expect(creditFen(1, { rateNum: 36, rateDen: 5 })).toBe(7); // 7.2 fen floored
  });

  it('previews the first-deposit bonus once and the VIP bonus by basis points', () => {
    const offer = (payout: 'on_deposit' | 'after_real_name' | 'none', percent = 20) => ({
      payout,
      percent,
      reason: null,
      pendingAmount: 0,
    });
    expect(firstDepositBonusFen(10_000, offer('on_deposit'))).toEqual({ now: 2_000, afterRealName: 0 });
    expect(firstDepositBonusFen(999, offer('on_deposit'))).toEqual({ now: 199, afterRealName: 0 });
    // Issue 30 §1: held until real-name verification, or nothing when the server says none.
    expect(firstDepositBonusFen(10_000, offer('after_real_name'))).toEqual({ now: 0, afterRealName: 2_000 });
    expect(firstDepositBonusFen(10_000, offer('none', 0))).toEqual({ now: 0, afterRealName: 0 });
    expect(vipRechargeBonusFen(10_000, 50)).toBe(50);
    expect(vipRechargeBonusFen(10_000, 0)).toBe(0);
  });

  it('preselects a single channel and its first currency, nothing when there are several', () => {
    expect(initialDraft(configFixture)).toMatchObject({ channelId: null, currency: null, presetMinor: 1_000 });
    const single = { ...configFixture, rechargeChannelList: configFixture.rechargeChannelList.slice(0, 1) };
    expect(initialDraft(single)).toMatchObject({ channelId: 1, currency: 'CNY' });
  });
});

describe('recharge validation (spec §5, §8)', () => {
  it('asks for a channel and a currency with the catalogue texts', () => {
    const errors = validateRecharge(configFixture, draft({ channelId: null, currency: null }));
    expect(errors).toMatchObject({ channel: 'PAYMENT_CHANNEL_REQUIRED', currency: 'CURRENCY_REQUIRED' });
    expect(catalogueText(errors.channel!, 'zh-CN')).toBe('请选择支付渠道');
    expect(catalogueText(errors.currency!, 'zh-CN')).toBe('请选择币种');
    expect(catalogueText(errors.channel!, 'en-US')).toBe(errorCatalogue.PAYMENT_CHANNEL_REQUIRED.en);
  });

  it('refuses a currency the channel does not take', () => {
    expect(validateRecharge(configFixture, draft({ channelId: 2, currency: 'USD' }))).toEqual({ currency: 'CURRENCY_REQUIRED' });
  });

  it('checks the amount and the channel limits on the credited fen', () => {
    expect(validateRecharge(configFixture, draft())).toEqual({});
    expect(validateRecharge(configFixture, draft({ custom: '1.999' }))).toEqual({ amount: 'AMOUNT_INVALID' });
    expect(validateRecharge(configFixture, draft({ custom: '0.5' }))).toEqual({ amount: 'DEPOSIT_AMOUNT_OUT_OF_RANGE' });
    expect(validateRecharge(configFixture, draft({ custom: '50001' }))).toEqual({ amount: 'DEPOSIT_AMOUNT_OUT_OF_RANGE' });
    // $7000 = ¥50,400 credited: over the ¥50,000 limit although 7000 < 50000.
    expect(validateRecharge(configFixture, draft({ currency: 'USD', custom: '7000' }))).toEqual({
      amount: 'DEPOSIT_AMOUNT_OUT_OF_RANGE',
    });
  });
});

describe('payment state polling (spec §4)', () => {
  it('polls every 2 s while processing and stops once completed or cancelled', () => {
    expect(paymentPollInterval(undefined)).toBe(2000);
    expect(paymentPollInterval(0)).toBe(2000);
    expect(paymentPollInterval(1)).toBe(false);
    expect(paymentPollInterval(2)).toBe(false);
    expect([0, 1, 2].map(isSettled)).toEqual([false, true, true]);
  });

  it('finds the VIP grades a deposit crossed', () => {
    const ladder = [0, 1, 2, 3].map((grade) => ({ grade, name: `G${grade}`, levelReward: grade * 100, freeBoxes: 1 }));
    expect(crossedGrades(0, 2, ladder).map((g) => g.grade)).toEqual([1, 2]);
    expect(crossedGrades(1, 1, ladder)).toEqual([]);
  });
});
