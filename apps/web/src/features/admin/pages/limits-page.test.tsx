import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, LimitSettings, LimitsToday } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { callsTo, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const me = { id: 7, name: 'ops-b' };
const request = (over: Partial<ApprovalRequest>): ApprovalRequest => ({
  id: 31,
  kind: 'redPacket',
  valueFen: 80_000,
  params: { userId: 100_001, name: '大额补偿', rewardFen: 80_000, days: 3, reason: '活动补偿' },
  status: 'pending',
  requestedBy: { id: 5, name: 'ops-a' },
  requestedAt: '2026-11-25T08:00:00.000Z',
  expiresAt: '2026-11-26T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  targetId: null,
  canDecide: true,
  ...over,
});
const kinds = [
  { kind: 'redPacket', capFen: 200_000, approvalAboveFen: 50_000 },
  { kind: 'coupon', capFen: 200_000, approvalAboveFen: 50_000 },
  { kind: 'goldenCode', capFen: 2_000_000, approvalAboveFen: 200_000 },
  { kind: 'balanceCredit', capFen: 1_000_000, approvalAboveFen: 100_000 },
  { kind: 'officialGiveaway', capFen: 2_000_000, approvalAboveFen: 200_000 },
] as LimitSettings['kinds'];
const settings: LimitSettings = { kinds, boxReturnCeilingBp: 9_800, defaults: { kinds, boxReturnCeilingBp: 9_800 }, updatedAt: null };
const values = (own: number, cosigned: number) =>
  kinds.map((k) =>
    k.kind === 'redPacket'
      ? { kind: k.kind, ownFen: own, cosignedFen: cosigned, countedFen: own + cosigned }
      : { kind: k.kind, ownFen: 0, cosignedFen: 0, countedFen: 0 },
  );
const today: LimitsToday = {
  day: '2026-11-25',
  kinds,
  operators: [
    { operatorId: 5, name: 'ops-a', values: values(80_000, 0) },
    { operatorId: 7, name: 'ops-b', values: values(40_000, 80_000) },
  ],
  totals: kinds.map((k) => ({ kind: k.kind, createdFen: k.kind === 'redPacket' ? 120_000 : 0 })),
  pendingApprovals: 1,
};

describe('the limits and approvals screen (issue 24 §11)', () => {
  it('approves another operator’s request after a confirmation; an own request has no buttons', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', me),
      '/api/admin/approvals': () => page([request({}), request({ id: 32, requestedBy: me, canDecide: false })]),
      '/api/admin/approvals/approve': () => request({ status: 'approved', decidedBy: me, targetId: '901', canDecide: false }),
      '/api/admin/limits/today': () => today,
      '/api/admin/limits/settings': () => settings,
    });
    renderAdmin('/admin/limits', { token: 'op_whole' });
    const table = await screen.findByRole('table', { name: '审批申请' });
    const [, first, own] = within(table).getAllByRole('row');
    expect(within(own!).queryByRole('button')).toBeNull();
    expect(within(own!).getByText('自己的申请由他人处理')).toBeTruthy();
    expect(within(first!).getByText('¥800')).toBeTruthy();

    fireEvent.click(within(first!).getByRole('button', { name: '批准' }));
    const dialog = await screen.findByRole('dialog', { name: '批准申请 #31？' });
    expect(dialog.textContent).toContain('申请人 ops-a');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/approvals/approve')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/admin/approvals/approve')[0]!)).toEqual({ id: '31' });
  });

  it('shows each operator’s value today against the cap, and the day’s total once per action', async () => {
    stubApi({
      '/api/admin/me': () => meAs('operations', me),
      '/api/admin/approvals': () => page([]),
      '/api/admin/limits/today': () => today,
      '/api/admin/limits/settings': () => settings,
    });
    renderAdmin('/admin/limits', { token: 'op_whole' });
    const table = await screen.findByTestId('value-today');
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(within(row('ops-a')).getByText('¥800 / ¥2000')).toBeTruthy();
    expect(row('ops-b').textContent).toContain('¥1200 / ¥2000');
    expect(row('ops-b').textContent).toContain('本人 ¥400 · 审批 ¥800');
    expect(within(row('今日合计（每笔只计一次）')).getByText('¥1200')).toBeTruthy();
    // Not an admin: the limits are shown, not editable.
    expect(await screen.findByText('只有管理员可以修改这些设置。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存设置' })).toBeNull();
  });

  it('lets an admin save the limits in yuan and percent, with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('admin', me),
      '/api/admin/approvals': () => page([]),
      '/api/admin/limits/today': () => today,
      '/api/admin/limits/settings': () => settings,
    });
    renderAdmin('/admin/limits', { token: 'op_whole' });
    const cap = await screen.findByLabelText('红包每日额度（元）');
    fireEvent.change(cap, { target: { value: '3000' } });
    fireEvent.change(screen.getByLabelText('箱子声明返奖率上限（%）'), { target: { value: '97.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    const dialog = await screen.findByRole('dialog', { name: '保存额度设置？' });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '春节活动' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/limits/settings').filter((c) => c.get('reason'))).toHaveLength(1));
    const sent = Object.fromEntries(callsTo(fetchFn, '/api/admin/limits/settings').find((c) => c.get('reason'))!);
    expect(sent).toMatchObject({
      redPacketCapFen: '300000',
      redPacketApprovalFen: '50000',
      boxReturnCeilingBp: '9750',
      reason: '春节活动',
    });
  });

  it('tells the operator when a red packet waits for a second operator instead of being issued', async () => {
    const success = vi.spyOn(toast, 'success');
    stubApi({
      '/api/admin/me': () => meAs('operations', me),
      '/api/admin/promotions/vouchers': () => page([]),
      '/api/admin/promotions/redPackets/issue': () => ({ approval: request({ requestedBy: me, canDecide: false }) }),
    });
    renderAdmin('/admin/promotions?tab=redPackets', { token: 'op_whole' });
    fireEvent.click(await screen.findByRole('button', { name: '发放红包' }));
    const dialog = await screen.findByRole('dialog', { name: '向玩家发放红包' });
    fireEvent.change(within(dialog).getByLabelText('玩家ID'), { target: { value: '100001' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '大额补偿' } });
    fireEvent.change(within(dialog).getByLabelText('红包金额（元）'), { target: { value: '800' } });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '活动补偿' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发放红包' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(expect.stringContaining('已提交审批（#31，价值 ¥800）')));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '向玩家发放红包' })).toBeNull());
    expect(success).not.toHaveBeenCalledWith('红包已发放');
  });
});
