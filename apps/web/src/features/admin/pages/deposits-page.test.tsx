import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminDeposit } from '@skinfair/contract';
import { callsTo, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const who = { id: 7, name: 'cashier' };
const ORDER = 'D20261125abcdef0123456789';
const stuck: AdminDeposit = {
  orderNo: ORDER,
  userId: 100_001,
  channelId: 1,
  channelName: '沙盒支付（测试）',
  currency: 'CNY',
  amountMinor: 12_345,
  creditFen: 12_345,
  bonusFen: 0,
  couponBonusFen: 0,
  state: 0,
  providerTxnId: null,
  createdAt: '2026-11-25T05:00:00.000Z',
  expiresAt: '2026-11-25T05:30:00.000Z',
  finishedAt: null,
  review: null,
};
const RAW = `{"orderId":"${ORDER}","providerTxnId":"SBX1","amount":12345,"currency":"CNY","status":"paid"}`;

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

describe('the deposits screen', () => {
  it('lists orders and filters by order number or player, state, days and review mark', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('support', who),
      '/api/admin/deposits': () => page([stuck], 3),
    });
    renderAt('/admin/deposits');
    const row = (await screen.findByText(ORDER)).closest('tr')!;
    expect(within(row).getByText('CNY 123.45')).toBeTruthy();
    expect(within(row).getByText('处理中')).toBeTruthy();
    expect(within(row).getByText('100001')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('订单号或玩家ID'), { target: { value: '100001' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-25' } });
    fireEvent.change(screen.getByLabelText('核查标记'), { target: { value: 'marked' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/deposits').at(-1)!;
      expect([last.get('q'), last.get('state'), last.get('from'), last.get('to'), last.get('review'), last.get('page')]).toEqual([
        '100001',
        '1',
        '2026-11-01',
        '2026-11-25',
        'marked',
        '1',
      ]);
    });
  });

  it('shows the raw callback and marks the order for review with a reason', async () => {
    let marked = false;
    const review = {
      at: '2026-11-25T06:00:00.000Z',
      operatorId: 7,
      operatorName: 'cashier',
      reason: '玩家称已付款',
    };
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('finance', who),
      '/api/admin/deposits': () => page([{ ...stuck, review: marked ? review : null }]),
      '/api/admin/deposits/detail': () => ({
        order: { ...stuck, review: marked ? review : null },
        callbacks: [
          {
            id: 1,
            receivedAt: '2026-11-25T05:01:00.000Z',
            rawBody: RAW,
            timestamp: '1795600000',
            outcome: 'fail',
          },
        ],
      }),
      // A change refreshes every open query (the refund figures too) before its dialog closes.
      '/api/admin/deposits/refundQuote': () => ({
        orderNo: ORDER,
        currency: 'CNY',
        amountMinor: 12_345,
        refundedMinor: 0,
        pendingMinor: 0,
        refundableMinor: 0,
        limit: 'not_paid',
        coinBalanceFen: 0,
        takesCoinFen: 0,
        takesBonusFen: 0,
        takesHeldBonusFen: 0,
        refunds: [],
      }),
      '/api/admin/deposits/markReview': () => {
        marked = true;
        return { ...stuck, review };
      },
    });
    renderAt('/admin/deposits');
    const row = (await screen.findByText(ORDER)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const panel = await screen.findByRole('region', { name: `订单 ${ORDER}` });
    const pre = await within(panel).findByText(RAW);
    expect(pre.tagName).toBe('PRE');
    expect(callsTo(fetchFn, '/api/admin/deposits/detail')[0]!.get('orderNo')).toBe(ORDER);

    fireEvent.click(within(panel).getByRole('button', { name: '标记核查' }));
    const dialog = await screen.findByRole('dialog', { name: `标记订单 ${ORDER} 待核查` });
    const confirm = within(dialog).getByRole('button', { name: '标记核查' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '玩家称已付款' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/deposits/markReview')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/deposits/markReview')[0]!;
    expect([sent.get('orderNo'), sent.get('reason')]).toEqual([ORDER, '玩家称已付款']);
    expect(await screen.findByText(/核查标记：.*cashier：玩家称已付款/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '标记核查' })).toBeNull();
  });

  it('offers no review mark to support (read only)', async () => {
    stubApi({
      '/api/admin/me': () => meAs('support', who),
      '/api/admin/deposits': () => page([stuck]),
      '/api/admin/deposits/detail': () => ({ order: stuck, callbacks: [] }),
    });
    renderAt('/admin/deposits');
    fireEvent.click(await screen.findByRole('button', { name: '详情' }));
    expect(await screen.findByText('尚未收到渠道回调')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '标记核查' })).toBeNull();
  });

  it('refunds a paid order from the detail: the dialog shows what can be refunded and why not the rest', async () => {
    const paidOrder = { ...stuck, state: 1, providerTxnId: 'SBX1', finishedAt: '2026-11-25T05:01:00.000Z' };
    const quote = {
      orderNo: ORDER,
      currency: 'CNY',
      amountMinor: 12_345,
      refundedMinor: 0,
      pendingMinor: 0,
      refundableMinor: 4_166,
      limit: 'balance',
      coinBalanceFen: 5_000,
      takesCoinFen: 4_166,
      takesBonusFen: 834,
      takesHeldBonusFen: 0,
      refunds: [] as unknown[],
    };
    const done = {
      refundNo: 'RF20261125aaaa',
      amountMinor: 4_000,
      coinFen: 4_000,
      bonusFen: 800,
      heldBonusFen: 0,
      rebateFen: 0,
      rebateUnrecoveredFen: 0,
      reason: '玩家申请退款',
      state: 1,
      providerStatus: 'SANDBOX',
      operatorId: 7,
      createdAt: '2026-11-25T07:00:00.000Z',
      finishedAt: '2026-11-25T07:00:01.000Z',
    };
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('finance', who),
      '/api/admin/deposits': () => page([paidOrder]),
      '/api/admin/deposits/detail': () => ({ order: paidOrder, callbacks: [] }),
      '/api/admin/deposits/refundQuote': () => quote,
      '/api/admin/deposits/refund': () => {
        quote.refunds = [done];
        return { refund: done, quote };
      },
    });
    renderAt('/admin/deposits');
    fireEvent.click(await screen.findByRole('button', { name: '详情' }));
    const panel = await screen.findByRole('region', { name: `订单 ${ORDER}` });
    fireEvent.click(await within(panel).findByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: `退款：订单 ${ORDER}` });
    expect(within(dialog).getByTestId('refundable').textContent).toBe('现在最多可退 ¥41.66（实付 ¥123.45）');
    expect(within(dialog).getByRole('note').textContent).toContain('玩家金币余额 50 只够扣回上面的金额');
    const confirm = within(dialog).getByRole('button', { name: '确认退款' }) as HTMLButtonElement;
    // More than can be refunded is not sent.
    fireEvent.change(within(dialog).getByLabelText('退款金额（元）'), { target: { value: '41.67' } });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '玩家申请退款' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('退款金额（元）'), { target: { value: '40' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/deposits/refund')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/deposits/refund')[0]!;
    expect([sent.get('orderNo'), sent.get('amountMinor'), sent.get('reason')]).toEqual([ORDER, '4000', '玩家申请退款']);
    expect(await screen.findByText(/退款记录（1 笔）/)).toBeTruthy();
  });

  it('offers no refund to support, who may still see the refunds', async () => {
    const paidOrder = { ...stuck, state: 1 };
    stubApi({
      '/api/admin/me': () => meAs('support', who),
      '/api/admin/deposits': () => page([paidOrder]),
      '/api/admin/deposits/detail': () => ({ order: paidOrder, callbacks: [] }),
      '/api/admin/deposits/refundQuote': () => ({
        orderNo: ORDER,
        currency: 'CNY',
        amountMinor: 12_345,
        refundedMinor: 0,
        pendingMinor: 0,
        refundableMinor: 12_345,
        limit: 'none',
        coinBalanceFen: 20_000,
        takesCoinFen: 12_345,
        takesBonusFen: 0,
        takesHeldBonusFen: 0,
        refunds: [],
      }),
    });
    renderAt('/admin/deposits');
    fireEvent.click(await screen.findByRole('button', { name: '详情' }));
    expect(await screen.findByText('尚未收到渠道回调')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退款' })).toBeNull();
  });
});
