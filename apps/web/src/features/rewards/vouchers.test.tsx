import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../shared/ui/toast';
import type { Voucher } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { setToken } from '../../shared/storage/token';
import { VouchersSection } from './components/vouchers-section';

afterEach(() => vi.unstubAllGlobals());

const voucher = (over: Partial<Voucher>): Voucher => ({
  id: 1,
  rewardVoucherType: 0,
  couponType: null,
  voucherName: '新人红包',
  amount: 188,
  discountBp: 0,
  minSpend: 0,
  maxDiscount: null,
  state: 0,
  expireTime: '2030-01-01T00:00:00.000Z',
  createTime: '2026-01-01T00:00:00.000Z',
  ...over,
});
const page = (rows: Voucher[]) => ({ pageData: rows, page: 1, pageSize: 100, totalRows: rows.length, totalPages: 1 });

const redPackets = [
  voucher({ id: 3, voucherName: '新人红包', amount: 188 }),
  voucher({ id: 5, voucherName: '活动红包', amount: 500 }),
  voucher({ id: 7, voucherName: '旧红包', amount: 100, state: 1 }),
];
const coupons = [
  voucher({ id: 9, rewardVoucherType: 1, couponType: 1, voucherName: '开箱券', amount: 0, discountBp: 1000, minSpend: 5000 }),
];

function stub(rewards: Voucher[] = redPackets, claim: () => unknown = () => ({ quantity: 1, amount: 188, balance: 10188 })) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/personalCenter/getMyVoucherPage': () => ({
      ...page([...rewards, ...coupons]),
      extData: { totalCount: rewards.filter((v) => v.state === 0).length + 1, totalPrice: 688 },
    }),
    '/api/personalCenter/getMyRewardPage': () => page(rewards),
    '/api/personalCenter/getMyCouponPage': () => page(coupons),
    '/api/personalCenter/useRewardVoucher': claim,
  });
}

describe('红包与优惠券', () => {
  it('lists usable red packets with name, amount and 领取, and the usable count and value', async () => {
    setToken('tok');
    stub();
    renderWithProviders(<VouchersSection />);
    const rows = await screen.findAllByTestId('red-packet-row');
    expect(rows.map((r) => r.dataset.id)).toEqual(['3', '5']);
    expect(rows[0]!.textContent).toContain('新人红包');
    expect(rows[0]!.textContent).toContain('¥1.88');
    expect(within(rows[0]!).getByRole('button', { name: '领取' })).toBeTruthy();
    expect((await screen.findByTestId('vouchers-summary')).textContent).toBe('可用 3 张 · 红包共 ¥6.88');
    fireEvent.click(screen.getByRole('tab', { name: '已使用' }));
    expect((await screen.findAllByTestId('red-packet-row')).map((r) => r.dataset.id)).toEqual(['7']);
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();
  });

  it('领取 posts that id and toasts the amount', async () => {
    setToken('tok');
    const success = vi.spyOn(toast, 'success');
    const fetchFn = stub();
    renderWithProviders(<VouchersSection />);
    fireEvent.click(await screen.findByTestId('red-packet-claim-3'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('红包已领取 ¥1.88'));
    expect(callsTo(fetchFn, '/api/personalCenter/useRewardVoucher').map((p) => p.get('rewardVoucherIds'))).toEqual(['3']);
    // The lists refetch after the claim (everything under ['user', 'wallet']).
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/getMyRewardPage').length).toBeGreaterThan(1));
  });

  it('全部领取 joins the usable red-packet ids with commas', async () => {
    setToken('tok');
    const fetchFn = stub(redPackets, () => ({ quantity: 2, amount: 688, balance: 10688 }));
    renderWithProviders(<VouchersSection />);
    fireEvent.click(await screen.findByTestId('vouchers-claim-all'));
    await waitFor(() =>
      expect(callsTo(fetchFn, '/api/personalCenter/useRewardVoucher').map((p) => p.get('rewardVoucherIds'))).toEqual(['3,5']),
    );
  });

  it('a refused claim shows the server message and no success toast', async () => {
    setToken('tok');
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    stub(redPackets, () => refuse(5301, '红包不存在、已使用或已过期'));
    renderWithProviders(<VouchersSection />);
    fireEvent.click(await screen.findByTestId('red-packet-claim-5'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('红包不存在、已使用或已过期', expect.anything()));
    expect(success).not.toHaveBeenCalled();
  });

  it('shows 暂无红包 without a 全部领取 button, and coupons with type, discount and minimum spend', async () => {
    setToken('tok');
    stub([]);
    renderWithProviders(<VouchersSection />);
    expect(await screen.findByText('暂无红包')).toBeTruthy();
    expect(screen.queryByTestId('vouchers-claim-all')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '优惠券' }));
    const row = await screen.findByTestId('coupon-row');
    expect(row.textContent).toContain('开箱');
    expect(row.textContent).toContain('10% 折扣');
    expect(row.textContent).toContain('满 ¥50 可用');
    expect(screen.getByTestId('coupon-note').textContent).toBe('优惠券在开箱、商城购买和充值结算时可选，满足门槛即可使用');
  });

  it('shows 加载失败 when the list fails', async () => {
    setToken('tok');
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/personalCenter/getMyRewardPage': () => refuse(500, '服务器错误'),
    });
    renderWithProviders(<VouchersSection />);
    expect(await screen.findByTestId('vouchers-error')).toBeTruthy();
  });
});
