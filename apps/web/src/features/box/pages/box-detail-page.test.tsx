import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { BoxDetail, CaseReturn, OpenResult } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture, userInfoFixture } from '../../../test/fake-server';
import { setToken } from '../../../shared/storage/token';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import BoxDetailPage from './box-detail-page';

const box: BoxDetail = {
  id: 3,
  boxName: '新手箱',
  boxImage: 'boxes/3.png',
  weaponImage: null,
  openPrice: 1000,
  boxType: 1,
  boxThemeId: 1,
  expectedReturn: 950,
  enabled: true,
  version: 2,
  oddsHash: 'a'.repeat(64),
  returnRateBp: 9500,
  // Decision 0061: a price moved since publication; the page shows today's figure beside the price.
  liveReturnRateBp: 8947,
  gifts: [
    {
      giftId: 51,
      giftName: 'P250 | 沙丘',
      giftImage: null,
      grade: 3,
      recoveryPrice: 300,
      weight: 79_920,
      realProbability: 0.7992,
      rollCodeLow: 1,
      rollCodeHigh: 79_920,
    },
    {
      giftId: 52,
      giftName: 'AWP | 巨龙传说',
      giftImage: null,
      grade: 0,
      recoveryPrice: 880_000,
      weight: 80,
      realProbability: 0.0008,
      rollCodeLow: 79_921,
      rollCodeHigh: 80_000,
    },
    {
      giftId: 53,
      giftName: 'AK-47 | 红线',
      giftImage: null,
      grade: 2,
      recoveryPrice: 2500,
      weight: 20_000,
      realProbability: 0.2,
      rollCodeLow: 80_001,
      rollCodeHigh: 100_000,
    },
  ],
  gradeGiftProb: [],
};

const result = (voucherId: number, overrides: Partial<OpenResult> = {}): OpenResult => ({
  id: voucherId + 100,
  boxId: 3,
  boxName: '新手箱',
  giftId: 53,
  giftName: 'AK-47 | 红线',
  giftImage: null,
  grade: 2,
  recoveryPrice: 2500,
  voucherId,
  rollCode: 91_234,
  round: 0,
  verifyId: voucherId + 500,
  publicHash: 'b'.repeat(64),
  ...overrides,
});

const user = userInfoFixture();

function serve(results: OpenResult[], caseReturn?: CaseReturn) {
  return stubApi({
    ...(caseReturn ? { '/api/case/caseReturn': () => caseReturn } : {}),
    '/api/common/sysConfig': () => ({ ...sysConfigFixture, sandbox: false }),
    '/api/case/caseDetail': () => box,
    '/api/case/recentCaseGift': () => [],
    '/api/personalCenter/userInfo': () => user,
    '/api/case/openCase': () => ({ results, amountPaid: 0, balance: 4000, integral: 0 }),
    '/api/personalCenter/exchangeQuantity': (params) => ({
      quantity: params.get('ids')!.split(',').length,
      amount: 2500,
      balance: 6500,
    }),
  });
}

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/box/:id" element={<BoxDetailPage />} />
    </Routes>,
    '/box/3',
  );

beforeEach(() => {
  useSettingsStore.getState().set('voice', false);
  useSettingsStore.getState().set('music', false);
  useSettingsStore.getState().set('fastMode', true);
  useSettingsStore.getState().set('skipOpenConfirm', false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSettingsStore.getState().reload();
  useOverlayStore.getState().closeAll();
});

describe('box page', () => {
  it('lists the drops by grade then price, with probability and roll range', async () => {
    serve([]);
    renderPage();
    await screen.findByTestId('drop-table');
    const gifts = screen.getAllByTestId('drop-gift');
    expect(gifts.map((g) => g.dataset.grade)).toEqual(['0', '2', '3']);
    expect(gifts[0]?.textContent).toContain('0.080%');
    expect(gifts[0]?.textContent).toContain('79921–80000');
    expect(gifts[2]?.textContent).toContain('79.920%');
    expect(screen.getByTestId('box-return').textContent).toBe('当前期望回报 89.47%');
  });

  it('labels today’s expected return and the one declared at publication apart, beside the price and in the panel', async () => {
    serve([], {
      caseId: 3,
      priceFen: 1000,
      version: 2,
      openings: 0,
      window: 1000,
      declaredReturn: 0.8947,
      realisedReturn: null,
      openingSd: 1,
      band95: null,
      alertBand: null,
      alert: false,
      minOpenings: 30,
      wonFen: 0,
      paidFen: 0,
    });
    renderPage();
    // Issue 27 §11: 89.47 % beside the price and 99.58 % in the panel read as one figure; now each says what it is.
    const beside = await screen.findByTestId('box-return');
    expect(beside.textContent).toBe('当前期望回报 89.47%');
    expect(beside.getAttribute('title')).toMatch(/按今日回收价/);
    const panel = screen.getByRole('region', { name: '公开回报率' });
    expect(await within(panel).findByText('当前期望回报率（按今日回收价）')).toBeTruthy();
    expect(within(panel).getByTestId('return-declared').textContent).toBe('89.47%');
    expect(within(panel).getByText('发布时申报回报率（v2，按发布时回收价）')).toBeTruthy();
    expect(within(panel).getByTestId('return-published').textContent).toBe('95.00%');
  });

  it('asks before spending, then opens, spins and offers the swap with the won voucher ids', async () => {
    setToken('tok');
    const fetchFn = serve([result(41), result(42, { giftName: 'P250 | 沙丘', grade: 3, recoveryPrice: 300 })]);
    renderPage();
    fireEvent.click(within(await screen.findByTestId('quantity-picker')).getByRole('radio', { name: '2' }));
    fireEvent.click(screen.getByTestId('open-box'));
    const confirm = await screen.findByRole('dialog', { name: '确认开箱' });
    expect(confirm.textContent).toContain('确认花费 ¥20 开启 2 个？');
    expect(callsTo(fetchFn, '/api/case/openCase')).toHaveLength(0);

    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/case/openCase')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/case/openCase')[0]!;
    expect([sent.get('caseId'), sent.get('number')]).toEqual(['3', '2']);
    expect(await screen.findAllByTestId('reel')).toHaveLength(2);

    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' }, { timeout: 10_000 });
    const items = within(dialog).getAllByTestId('result-item');
    expect(items.map((i) => i.dataset.voucherId)).toEqual(['41', '42']);
    expect(within(items[0]!).getByTestId('result-verify').getAttribute('href')).toBe('/provably-fair/verify/541');

    fireEvent.click(within(items[1]!).getByTestId('result-swap'));
    await waitFor(() => expect(items[1]!.dataset.state).toBe('swapped'));
    expect(callsTo(fetchFn, '/api/personalCenter/exchangeQuantity')[0]?.get('ids')).toBe('42');

    fireEvent.click(within(items[0]!).getByTestId('result-keep'));
    expect(items[0]!.dataset.state).toBe('kept');
    expect(callsTo(fetchFn, '/api/personalCenter/exchangeQuantity')).toHaveLength(1);
  });

  it('swaps every undecided item at once with 全部兑换', async () => {
    setToken('tok');
    useSettingsStore.getState().set('skipOpenConfirm', true);
    const fetchFn = serve([result(41), result(42), result(43)]);
    renderPage();
    fireEvent.click(within(await screen.findByTestId('quantity-picker')).getByRole('radio', { name: '3' }));
    fireEvent.click(screen.getByTestId('open-box'));
    // skipOpenConfirm: no confirm step.
    const dialog = await screen.findByRole('dialog', { name: '恭喜获得' }, { timeout: 10_000 });
    expect(screen.queryByRole('dialog', { name: '确认开箱' })).toBeNull();
    fireEvent.click(within(dialog).getAllByTestId('result-keep')[1]!);
    fireEvent.click(within(dialog).getByTestId('result-swap-all'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/exchangeQuantity')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/personalCenter/exchangeQuantity')[0]?.get('ids')).toBe('41,43');
  });

  it('remembers "don\'t ask again" from the confirm step', async () => {
    setToken('tok');
    serve([result(41)]);
    renderPage();
    fireEvent.click(await screen.findByTestId('open-box'));
    const confirm = await screen.findByRole('dialog', { name: '确认开箱' });
    fireEvent.click(within(confirm).getByRole('checkbox', { name: '下次不再提示' }));
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(useSettingsStore.getState().skipOpenConfirm).toBe(true));
    expect(JSON.parse(localStorage.getItem('settings') ?? '{}').skipOpenConfirm).toBe(true);
  });

  it('asks a guest to log in instead of spending', async () => {
    const fetchFn = serve([result(41)]);
    renderPage();
    fireEvent.click(await screen.findByTestId('open-box'));
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(screen.queryByRole('dialog', { name: '确认开箱' })).toBeNull();
    await act(async () => {});
    expect(callsTo(fetchFn, '/api/case/openCase')).toHaveLength(0);
  });
});
