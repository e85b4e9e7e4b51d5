import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PaymentState, ShopItem, Voucher } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../test/render';
import { sysConfigFixture } from '../test/fake-server';
import { rechargeConfigFixture } from '../test/factories';
import { setToken } from '../shared/storage/token';
import { BuyDialog } from '../features/shop/components/buy-dialog';
import PaymentOrderStatus from '../features/recharge/components/payment-order-status';
import { RechargeOverlay } from '../features/recharge/components/recharge-overlay';
import { rememberOrder } from '../features/recharge/order-context';

afterEach(() => vi.unstubAllGlobals());

const coupon = (over: Partial<Voucher>): Voucher => ({
  id: 11,
  rewardVoucherType: 1,
  couponType: 0,
  voucherName: '商城九折券',
  amount: 0,
  discountBp: 1000,
  minSpend: 5_000,
  maxDiscount: null,
  state: 0,
  expireTime: '2030-01-01T00:00:00.000Z',
  createTime: '2026-01-01T00:00:00.000Z',
  ...over,
});
const item: ShopItem = { id: 4, giftId: 9, giftName: 'AK-47 | 红线', giftImage: null, grade: 2, category: 'ak', price: 3_000, stock: 5 };
const grade = (g: number) => ({
  grade: g,
  gradeName: g === 2 ? '黄金' : '青铜',
  exp: g === 2 ? 50_000 : 0,
  nextGrade: g + 1,
  nextExp: 200_000,
  grades: [
    {
      grade: 0,
      name: '青铜',
      expMin: 0,
      levelReward: 0,
      levelPoints: 0,
      freeBoxes: 0,
      rechargeBonusBp: 0,
      rebateBoostBp: 0,
      received: false,
    },
    {
      grade: 1,
      name: '白银',
      expMin: 10_000,
      levelReward: 200,
      levelPoints: 0,
      freeBoxes: 1,
      rechargeBonusBp: 0,
      rebateBoostBp: 0,
      received: g >= 1,
    },
    {
      grade: 2,
      name: '黄金',
      expMin: 50_000,
      levelReward: 800,
      levelPoints: 0,
      freeBoxes: 1,
      rechargeBonusBp: 50,
      rebateBoostBp: 10,
      received: g >= 2,
    },
  ],
});

describe('coupons at checkout (issue 9 item 20)', () => {
  it('offers the usable shop coupons, disables one below its minimum, and sends the chosen one with the discounted total', async () => {
    setToken('tok');
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/personalCenter/getMyCoupons': () => [coupon({}), coupon({ id: 12, voucherName: '大额券', discountBp: 2000, minSpend: 50_000 })],
      '/api/shop/buy': () => ({ voucherIds: [1, 2], amount: 5_400, balance: 94_600, integral: 0 }),
    });
    renderWithProviders(<BuyDialog item={item} onClose={() => {}} />);
    const select = (await screen.findByTestId('coupon-select')) as HTMLSelectElement;
    expect(callsTo(fetchFn, '/api/personalCenter/getMyCoupons')[0]!.get('couponType')).toBe('0');
    expect([...select.options].map((o) => o.disabled)).toEqual([false, true, true]);
    fireEvent.click(screen.getByRole('button', { name: '增加数量' }));
    await waitFor(() => expect(select.options[1]!.disabled).toBe(false));
    fireEvent.change(select, { target: { value: '11' } });
    expect(screen.getByTestId('buy-total').textContent).toBe('¥54');
    fireEvent.click(screen.getByTestId('buy-next'));
    fireEvent.click(screen.getByTestId('buy-confirm'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/shop/buy')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/shop/buy')[0]!)).toMatchObject({ id: '4', quantity: '2', couponId: '11' });
  });

  it('adds a recharge coupon to the credit preview and sends it with the order', async () => {
    setToken('tok');
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/recharge/rechargeConfig': () => ({
        ...rechargeConfigFixture,
        hasRecharged: true,
        firstDepositBonus: { payout: 'none', percent: 0, reason: 'recharged', pendingAmount: 0 },
      }),
      '/api/personalCenter/getGradeInfo': () => grade(0),
      '/api/personalCenter/getMyCoupons': () => [
        coupon({ id: 21, couponType: 2, voucherName: '充值加赠券', discountBp: 500, minSpend: 0 }),
      ],
      '/api/recharge/makePayment': () => ({ orderId: 'ORD12345678', payUrl: '/api/sandbox/checkout?orderId=ORD12345678' }),
    });
    vi.stubGlobal('open', () => null);
    renderWithProviders(<RechargeOverlay onClose={() => {}} />);
    fireEvent.click((await screen.findAllByTestId('recharge-channel'))[0]!);
    fireEvent.change(screen.getByTestId('recharge-currency'), { target: { value: 'CNY' } });
    fireEvent.change(screen.getByTestId('recharge-custom'), { target: { value: '100' } });
    fireEvent.change(await screen.findByTestId('coupon-select'), { target: { value: '21' } });
    expect(screen.getByTestId('recharge-preview').textContent).toContain('+¥5');
    expect(screen.getByTestId('recharge-preview').textContent).toContain('¥105');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    fireEvent.click(await screen.findByTestId('recharge-pay'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/recharge/makePayment')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/recharge/makePayment')[0]!.get('couponId')).toBe('21');
  });
});

describe('the page the checkout lands on (issue 9 item 22)', () => {
  it('shows everything a ¥500 first deposit credited: ¥610 with the two level-up rewards, not ¥600', async () => {
    setToken('tok');
    const payment: PaymentState = {
      orderId: 'ORD00000042',
      state: 1,
      amount: 50_000,
      currency: 'CNY',
      creditAmount: 50_000,
      bonusAmount: 10_000,
      couponBonusAmount: 0,
      pendingBonusAmount: 0,
      firstRechargeFlag: true,
      channelName: '沙盒支付',
      createTime: '2026-03-01T00:00:00.000Z',
    };
    rememberOrder('ORD00000042', { gradeBefore: 0, bonusBp: 0 });
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/recharge/paymentState': () => payment,
      '/api/personalCenter/getGradeInfo': () => grade(2),
    });
    renderWithProviders(<PaymentOrderStatus />, '/personal/flow?orderId=ORD00000042');
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('¥610'));
    expect(screen.getAllByTestId('result-level-up')).toHaveLength(2);
  });
});
