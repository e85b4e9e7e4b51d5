import type { DropItem, rechargeConfigSchema } from '@skinfair/contract';
import type { z } from 'zod';

/** A drop of the live feed with sensible defaults (grade 3 = ordinary). */
export function givenDrop(id: number, grade = 3, overrides: Partial<DropItem> = {}): DropItem {
  return {
    id,
    userId: 1,
    nickname: `玩家${id}`,
    headPic: null,
    giftName: `AK-47 | 红线 #${id}`,
    giftImage: 'gifts/ak.png',
    grade,
    recoveryPrice: 1250,
    sourceType: 1,
    sourceId: 1,
    sourceName: '新手箱',
    sourceImage: null,
    createTime: '2025-01-01T00:00:00.000Z',
    demo: false,
    ...overrides,
  };
}

/** A recharge config with two channels (so none is preselected), CNY and USD (7.2), three presets. */
export const rechargeConfigFixture: z.infer<typeof rechargeConfigSchema> = {
  rechargeChannelList: [
    { id: 1, channelName: '沙盒支付（测试）', channelType: 9, currencyCodeList: ['CNY', 'USD'], minAmount: 100, maxAmount: 5_000_000 },
    { id: 2, channelName: '人民币通道', channelType: 1, currencyCodeList: ['CNY'], minAmount: 1_000, maxAmount: 100_000 },
  ],
  currencyRateVoList: [
    { currency: 'CNY', symbol: '¥', rateNum: 1, rateDen: 1 },
    { currency: 'USD', symbol: '$', rateNum: 36, rateDen: 5 },
  ],
  rechargeAmountAllowList: [1_000, 5_000, 10_000],
  firstDepositBonusPercent: 20,
  hasRecharged: false,
  firstDepositBonus: { payout: 'on_deposit', percent: 20, reason: null, pendingAmount: 0 },
  depositRoom: null,
};
