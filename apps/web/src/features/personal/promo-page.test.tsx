import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '../../shared/ui/toast';
import { callsTo, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { setToken } from '../../shared/storage/token';
import PromoPage from './pages/promo-page';
import TransferPage from './pages/transfer-page';

afterEach(() => vi.unstubAllGlobals());

const info = {
  invitationCode: 'AB12CD34',
  link: 'http://localhost/home?promoteCode=AB12CD34',
  upInvitationCode: null,
  promotionGrade: 1,
  promotionGradeName: '推广员',
  rebateRate: 100,
  nextPromotionExp: 500_000,
  accumulatedRegisterCount: 3,
  accumulatedRechargeAmount: 12_000,
  accumulatedRebateAmount: 120,
  codeChangeable: true,
};

describe('partner page', () => {
  it('copies the code and the link with "已复制", and checks the code format before calling', async () => {
    setToken('tok');
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success');
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/promotion/getPromotionInfo': () => info,
    });
    renderWithProviders(<PromoPage />);
    fireEvent.click(await screen.findByTestId('copy-code'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('AB12CD34'));
    fireEvent.click(screen.getByTestId('copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(info.link));
    expect(success).toHaveBeenCalledWith('已复制', expect.anything());
    expect(screen.getByTestId('promo-rate').textContent).toBe('1%');
    expect(screen.getByTestId('promo-users').textContent).toBe('3');

    const form = screen.getByTestId('promo-change-form');
    fireEvent.change(form.querySelector('input')!, { target: { value: 'ab!' } });
    fireEvent.submit(form);
    expect(await screen.findByText('推广码格式错误，请输入6-15位字母或数字')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/promotion/modifyInvitationCode')).toHaveLength(0);
  });
});

describe('transfer page', () => {
  it('refuses less than ¥1 and confirms before moving the secondary balance', async () => {
    setToken('tok');
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/personalCenter/userInfo': () => ({
        id: 1,
        nickname: '玩家',
        avatar: null,
        mobile: null,
        email: null,
        tradeUrl: null,
        balance: 0,
        integral: 0,
        secondaryBalance: 5_000,
        grade: 0,
        verified: false,
        steamId: null,
        inviter: null,
        hasPassword: true,
        securityWay: null,
        canSpend: true,
        createTime: '2025-01-01T00:00:00.000Z',
      }),
      '/api/personalCenter/transferSecondary': () => ({ balance: 5_000, secondaryBalance: 0 }),
    });
    renderWithProviders(<TransferPage />);
    const form = await screen.findByTestId('transfer-form');
    fireEvent.change(form.querySelector('input')!, { target: { value: '0.5' } });
    fireEvent.submit(form);
    expect(await screen.findByText('最低转入 ¥1')).toBeTruthy();
    fireEvent.change(form.querySelector('input')!, { target: { value: '50' } });
    fireEvent.submit(form);
    expect(await screen.findByText('确认将副余额 ¥50 转入金币？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/transferSecondary')[0]?.get('amount')).toBe('5000'));
  });

  it('is not offered when switchBalanceType is true (spec §3)', async () => {
    setToken('tok');
    stubApi({ '/api/common/sysConfig': () => ({ ...sysConfigFixture, switchBalanceType: true }) });
    renderWithProviders(<TransferPage />);
    expect(await screen.findByText('余额转换暂未开放')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '转账' })).toBeNull();
  });
});
