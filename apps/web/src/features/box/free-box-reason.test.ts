import { describe, expect, it } from 'vitest';
import { zhCN } from '../../shared/i18n/zh-CN';
import { freeReasonLabel } from './components/free-boxes';

describe('free-box labels (issue 9 item 22)', () => {
  it('names each grant reason from the catalogue, never the raw code', () => {
    expect(zhCN[freeReasonLabel('vip')]).toBe('VIP 升级奖励');
    expect(zhCN[freeReasonLabel('daily')]).toBe('每日免费箱子');
    expect(zhCN[freeReasonLabel('golden_code')]).toBe('Golden Code 奖励');
    expect(zhCN[freeReasonLabel('something_new')]).toBe('活动奖励');
  });
});
