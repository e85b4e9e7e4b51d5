import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminWithdrawal } from '@skinfair/contract';
import { callsTo, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const stuck: AdminWithdrawal = {
  id: 41,
  userId: 100_001,
  nickname: '玩家甲',
  inventoryItemId: 9,
  itemName: 'AK-47 | 红线',
  recoveryPriceFen: 12_350,
  state: 0,
  remark: null,
  attempts: 0,
  tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc',
  createdAt: '2026-11-25T05:00:00.000Z',
  updatedAt: '2026-11-25T05:00:00.000Z',
  ageSeconds: 3 * 3600 + 20 * 60,
  tradeOfferId: null,
  reviewReason: null,
  reviewedBy: null,
  reviewedAt: null,
};

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

describe('the withdrawals screen', () => {
  it('lists the open queue with ages and filters by state, player and age', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/withdrawals': () => page([stuck]),
    });
    renderAt('/admin/withdrawals');
    const row = (await screen.findByText('AK-47 | 红线')).closest('tr')!;
    expect(within(row).getByText('3 小时 20 分')).toBeTruthy();
    expect(within(row).getByText('123.50')).toBeTruthy();
    expect(within(row).getByText('玩家甲 (100001)')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/admin/withdrawals')[0]!.get('state')).toBe('0');

    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('玩家ID'), { target: { value: '100001' } });
    fireEvent.change(screen.getByLabelText('等待时长'), { target: { value: '360' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/withdrawals').at(-1)!;
      expect([last.get('state'), last.get('userId'), last.get('olderThanMinutes')]).toEqual(['4', '100001', '360']);
    });
  });

  it('fails a withdrawal only with a reason, through a confirm dialog', async () => {
    let failed = false;
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/withdrawals': () => page(failed ? [] : [stuck]),
      '/api/admin/withdrawals/fail': () => {
        failed = true;
        return { id: 41, state: 4 };
      },
    });
    renderAt('/admin/withdrawals');
    const row = (await screen.findByText('AK-47 | 红线')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '判定失败' }));
    const dialog = await screen.findByRole('dialog', { name: '提取单 41 判定失败' });
    expect(within(dialog).getByText(/将退回玩家 玩家甲 的背包/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: '判定失败' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '交易链接失效' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals/fail')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/withdrawals/fail')[0]!;
    expect([sent.get('id'), sent.get('reason')]).toEqual(['41', '交易链接失效']);
    expect(await screen.findByText('没有符合条件的提取记录')).toBeTruthy();
  });

  it('completes a withdrawal with the Steam trade offer id, refusing anything but digits', async () => {
    let done = false;
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/withdrawals': () => page(done ? [{ ...stuck, state: 3, tradeOfferId: '6823491027' }] : [stuck]),
      '/api/admin/withdrawals/complete': () => {
        done = true;
        return { id: 41, state: 3 };
      },
    });
    renderAt('/admin/withdrawals');
    const row = (await screen.findByText('AK-47 | 红线')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '完成发货' }));
    const dialog = await screen.findByRole('dialog', { name: '提取单 41 完成发货' });
    const confirm = within(dialog).getByRole('button', { name: '完成发货' }) as HTMLButtonElement;
    const field = within(dialog).getByLabelText('Steam 交易报价编号');
    fireEvent.change(field, { target: { value: '68234x' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '6823491027' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals/complete')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/withdrawals/complete')[0]!;
    expect([sent.get('id'), sent.get('tradeOfferId')]).toEqual(['41', '6823491027']);
    expect(await screen.findByText('6823491027')).toBeTruthy();
  });

  it('advances a withdrawal one step after a confirm', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/withdrawals': () => page([stuck]),
      '/api/admin/withdrawals/approve': () => ({ id: 41, state: 1 }),
    });
    renderAt('/admin/withdrawals');
    fireEvent.click(await screen.findByRole('button', { name: '推进' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals/approve')[0]?.get('id')).toBe('41'));
  });

  it('shows the queue without actions to operations (read only)', async () => {
    stubApi({ '/api/admin/me': () => meAs('operations'), '/api/admin/withdrawals': () => page([stuck]) });
    renderAt('/admin/withdrawals');
    await screen.findByText('AK-47 | 红线');
    expect(screen.queryByRole('button', { name: '判定失败' })).toBeNull();
    expect(screen.queryByRole('button', { name: '推进' })).toBeNull();
    expect(screen.queryByRole('button', { name: '完成发货' })).toBeNull();
  });
});

describe('the risk-review queue and the withdrawal safety settings (issue 24 §4)', () => {
  const held: AdminWithdrawal = {
    ...stuck,
    id: 42,
    remark: '审核中',
    reviewReason: '本次提取 1 件共 ¥2500，超过单次审核线 ¥2000',
  };
  const rules = { holdHours: 24, reviewAboveFen: 200_000, reviewDailyCount: 20 };

  it('filters to withdrawals awaiting review, shows the reason, and approves or rejects with a reason', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('finance'),
      '/api/admin/withdrawals': () => page([held]),
      '/api/admin/withdrawals/rules': () => rules,
      '/api/admin/withdrawals/approveReview': () => ({ id: 42, state: 0 }),
      '/api/admin/withdrawals/rejectReview': () => ({ id: 42, state: 4 }),
    });
    renderAt('/admin/withdrawals');
    const row = (await screen.findByText('AK-47 | 红线')).closest('tr')!;
    expect(within(row).getByText('审核原因：本次提取 1 件共 ¥2500，超过单次审核线 ¥2000')).toBeTruthy();
    // Only the review's decisions: no step on, retry or hand completion before it.
    expect(within(row).queryByRole('button', { name: '推进' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '完成发货' })).toBeNull();

    fireEvent.change(screen.getByLabelText('风控审核'), { target: { value: 'pending' } });
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals').at(-1)!.get('awaitingReview')).toBe('true'));

    fireEvent.click(within(row).getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals/approveReview')[0]?.get('id')).toBe('42'));

    fireEvent.click(within(row).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog', { name: '驳回提取单 42' });
    expect(within(dialog).getByText(/将退回玩家 玩家甲 的背包/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '交易链接可疑' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals/rejectReview')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/withdrawals/rejectReview')[0]!;
    expect([sent.get('id'), sent.get('reason')]).toEqual(['42', '交易链接可疑']);
  });

  it('shows the settings to support read-only', async () => {
    stubApi({
      '/api/admin/me': () => meAs('support'),
      '/api/admin/withdrawals': () => page([]),
      '/api/admin/withdrawals/rules': () => rules,
    });
    renderAt('/admin/withdrawals');
    const panel = await screen.findByTestId('withdrawal-rules');
    await waitFor(() => expect(panel.textContent).toContain('当前：暂缓 24 小时；单次超过 ¥2000 需审核；每日超过 20 件需审核'));
    expect(within(panel).queryByRole('button', { name: '保存设置' })).toBeNull();
  });

  it('lets an admin change the settings, bounded, with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('admin'),
      '/api/admin/withdrawals': () => page([]),
      '/api/admin/withdrawals/rules': () => rules,
    });
    renderAt('/admin/withdrawals');
    const form = await screen.findByTestId('withdrawal-rules');
    const save = await within(form).findByRole('button', { name: '保存设置' });
    fireEvent.change(within(form).getByLabelText('暂缓时长（小时，0–168）'), { target: { value: '200' } });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('暂缓时长（小时，0–168）'), { target: { value: '48' } });
    fireEvent.change(within(form).getByLabelText('单次审核线（元，0 为关闭）'), {
      target: { value: '5000' },
    });
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: '修改提取安全设置' });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '春节期间加强风控' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/withdrawals/rules').some((p) => p.get('reason'))).toBe(true));
    const sent = callsTo(fetchFn, '/api/admin/withdrawals/rules').find((p) => p.get('reason'))!;
    expect(Object.fromEntries(sent)).toEqual({
      holdHours: '48',
      reviewAboveFen: '500000',
      reviewDailyCount: '20',
      reason: '春节期间加强风控',
    });
  });
});
