import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi, callsTo } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { setToken } from '../../shared/storage/token';
import { usePaymentState } from './api/get-payment-state';
import { RechargeOverlay } from './components/recharge-overlay';
import { rechargeConfigFixture as configFixture } from '../../test/factories';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const grade = {
  grade: 0,
  gradeName: '青铜',
  exp: 0,
  nextGrade: 1,
  nextExp: 10_000,
  grades: [{ grade: 0, name: '青铜', expMin: 0, levelReward: 0, freeBoxes: 0, rechargeBonusBp: 0, rebateBoostBp: 0, received: false }],
};

describe('recharge overlay form', () => {
  it('says which choice is missing, then previews the USD credit and the first-deposit bonus', async () => {
    setToken('tok');
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/recharge/rechargeConfig': () => configFixture,
      '/api/personalCenter/getGradeInfo': () => grade,
    });
    renderWithProviders(<RechargeOverlay onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('recharge-submit'));
    await screen.findByText('请选择支付渠道');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请选择支付渠道', '请选择币种']);

    fireEvent.click(screen.getAllByTestId('recharge-channel')[0]!);
    await waitFor(() => expect(screen.queryByText('请选择支付渠道')).toBeNull());
    fireEvent.change(screen.getByTestId('recharge-currency'), { target: { value: 'USD' } });
    fireEvent.click(screen.getByRole('button', { name: '$10' }));
    expect(screen.getByTestId('recharge-credit').textContent).toBe('¥72');
    expect(screen.getByTestId('recharge-preview').textContent).toContain('+¥14.40');
    expect(screen.getByText('1 USD = ¥7.20 金币')).toBeTruthy();

    fireEvent.change(screen.getByTestId('recharge-custom'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect(await screen.findByText('金额不正确')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/recharge/makePayment')).toHaveLength(0);
  });
});

describe('recharge overlay payment', () => {
  it('draws the QR code of a QR payment mode instead of opening a checkout tab', async () => {
    setToken('tok');
    const tab = { close: vi.fn(), opener: {}, location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/recharge/rechargeConfig': () => configFixture,
      '/api/personalCenter/getGradeInfo': () => grade,
      '/api/personalCenter/getMyCoupons': () => [],
      '/api/recharge/makePayment': () => ({
        orderId: 'D2026112500000001',
        payUrl: 'weixin://wxpay/bizpayurl?pr=abc',
        qrCode: 'weixin://wxpay/bizpayurl?pr=abc',
      }),
      '/api/recharge/paymentState': () => ({
        orderId: 'D2026112500000001',
        state: 0,
        amount: 10_000,
        currency: 'CNY',
        creditAmount: 10_000,
        bonusAmount: 0,
        couponBonusAmount: 0,
        firstRechargeFlag: false,
        channelName: '微信支付',
        createTime: '2026-11-25T00:00:00.000Z',
      }),
    });
    renderWithProviders(<RechargeOverlay onClose={() => {}} />);
    fireEvent.click((await screen.findAllByTestId('recharge-channel'))[1]!);
    fireEvent.change(screen.getByTestId('recharge-custom'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    fireEvent.click(await screen.findByTestId('recharge-pay'));
    await screen.findByTestId('recharge-waiting');
    expect(await screen.findByRole('img', { name: '支付二维码' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('recharge-qr-hint').textContent).toContain('扫描二维码');
    expect(screen.queryByTestId('recharge-reopen')).toBeNull();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});

function Poller({ orderId }: { orderId: string }) {
  const { data } = usePaymentState(orderId);
  return <p data-testid="state">{data?.state ?? '-'}</p>;
}

describe('paymentState polling', () => {
  const order = (state: number) => ({
    orderId: 'D2025010100000001',
    state,
    amount: 10_000,
    currency: 'CNY',
    creditAmount: 10_000,
    bonusAmount: 2_000,
    couponBonusAmount: 0,
    firstRechargeFlag: true,
    channelName: '沙盒支付（测试）',
    createTime: '2025-01-01T00:00:00.000Z',
  });

  it.each([1, 2])('asks every 2 s and stops when the state becomes %i', async (final) => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    setToken('tok');
    const states = [0, 0, final];
    const fetchFn = stubApi({
      '/api/recharge/paymentState': () => order(states.shift() ?? final),
      '/api/common/sysConfig': () => sysConfigFixture,
    });
    renderWithProviders(<Poller orderId="D2025010100000001" />);
    const polls = () => callsTo(fetchFn, '/api/recharge/paymentState').length;
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(polls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('state').textContent).toBe(String(final));
    // A completed order refreshes the wallet queries once (its own state included); then nothing more.
    const settled = polls();
    expect(settled).toBe(final === 1 ? 4 : 3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(settled);
  });
});
