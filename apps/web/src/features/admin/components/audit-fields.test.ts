import { describe, expect, it } from 'vitest';
import { auditActions } from '@skinfair/contract';
import { auditActionLabel, auditActionLabels } from '../i18n/audit-messages';
import { auditFieldRows, formatAuditValue } from './audit-fields';

const zh = 'zh-CN';

describe('audit details as readable fields (issue 30 §8)', () => {
  it('names every action of the contract in Chinese and in English', () => {
    for (const action of auditActions) {
      const [chinese, english] = auditActionLabels[action];
      expect(chinese).toMatch(/[\u4e00-\u9fff]/);
      expect(english).not.toBe(action);
      expect(auditActionLabel(zh, action)).toBe(chinese);
      expect(auditActionLabel('en-US', action)).toBe(english);
    }
    // A name this console does not know yet is shown as written, not hidden.
    expect(auditActionLabel(zh, 'future.action')).toBe('future.action');
  });

  it('labels the fields and formats money, rates, times, yes/no and states', () => {
    const rows = auditFieldRows(
      zh,
      { coinFen: 100_000, pointFen: 0, status: 'pending', enabled: true },
      {
        coinFen: 81_888,
        pointFen: 0,
        status: 'approved',
        enabled: false,
        reason: '补偿',
        recoveryRateBp: 9_250,
        until: '2026-11-28T16:00:00.000Z',
      },
    );
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, [r.before, r.after, r.changed]]));
    expect(byLabel).toEqual({
      金币: ['¥1000', '¥818.88', true],
      积分: ['0', '0', false],
      状态: ['待审批', '已通过', true],
      已启用: ['是', '否', true],
      原因: ['—', '补偿', true],
      回收比例: ['—', '92.50%', true],
      暂缓至: ['—', '2026-11-29 00:00:00', true],
    });
    // The reason is new with the change: shown on its own, not as "— → 补偿".
    expect(rows.filter((r) => r.added).map((r) => r.label)).toEqual(['原因', '回收比例', '暂缓至']);
  });

  it('shows a negative amount as -¥ and a change made at creation on the after side only', () => {
    expect(formatAuditValue(zh, 'changeFen', -18_112)).toBe('-¥181.12');
    const rows = auditFieldRows(zh, null, { name: '新箱子', priceFen: 990 });
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([
      ['名称', '—', '新箱子'],
      ['价格', '—', '¥9.90'],
    ]);
  });

  it('names a nested field under its parent and puts each record of a list on one line', () => {
    const rows = auditFieldRows(
      zh,
      { current: { minProbability: 5 } },
      {
        drops: [
          { itemId: 12, weight: 500 },
          { itemId: 13, weight: 99_500 },
        ],
      },
    );
    expect(rows.map((r) => [r.label, r.after])).toEqual([
      ['掉落 第 1 项', '饰品ID 12 · 权重 500'],
      ['掉落 第 2 项', '饰品ID 13 · 权重 99500'],
      ['current · 最低概率', '—'],
    ]);
  });

  it('in English, uses the English names', () => {
    const [row] = auditFieldRows('en-US', { role: 'support' }, { role: 'finance' });
    expect(row).toEqual({ key: 'role', label: 'Role', before: 'Support', after: 'Finance', changed: true, added: false });
  });

  it('keeps a field it cannot name under its own name rather than dropping it', () => {
    const [row] = auditFieldRows(zh, null, { brandNewField: 'x' });
    expect(row).toMatchObject({ label: 'brandNewField', after: 'x' });
  });
});
