import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dreamFee } from '@skinfair/fairness';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { queryKeys } from '../../../shared/api/query-keys';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { toast } from '../../../shared/ui/toast';
import { dreamConfigFixture, givenLog, givenRecord, givenResult, givenStakeItem, givenTarget, givenUser, page } from '../test-dreams';
import DreamPage from './dream-page';

const targets = [givenTarget(), givenTarget({ id: 42, giftName: '蝴蝶刀 | 渐变之色', recoveryPrice: 880_000, grade: 0 })];

function serve(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/upgrade/getUpgradeConfig': () => dreamConfigFixture,
    '/api/upgrade/page': () => page(targets, 1, 3),
    '/api/upgrade/myVoucher': () => page([givenStakeItem(901, 1_000), givenStakeItem(902, 5_000), givenStakeItem(903, 8_000)]),
    '/api/upgrade/upgradeRecordPage': () => page([givenRecord(1), givenRecord(2, { state: 2, nickname: '路人乙' })]),
    '/api/personalCenter/getMyDreamLog': () => page([givenLog(1)]),
    '/api/personalCenter/userInfo': () => givenUser(100_000),
    ...extra,
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const slider = () => screen.getByTestId('dream-slider') as HTMLInputElement;
const pickTarget = async (name = 'AWP | 二西莫夫') => {
  const card = (await screen.findAllByTestId('dream-target')).find((el) => el.textContent?.includes(name))!;
  fireEvent.click(card);
};
const stake = async (name: string) =>
  fireEvent.click((await screen.findAllByTestId('dream-stake-item')).find((el) => el.textContent?.includes(name))!);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeToken();
  useOverlayStore.getState().closeAll();
  useSettingsStore.getState().set('fastMode', false);
});

describe('dream page', () => {
  it('moves the fee, the coins and the multiplier with the slider, in exact fen', async () => {
    setToken('tok');
    serve();
    renderWithProviders(<DreamPage />, '/dream');
    await pickTarget();
    expect(slider().min).toBe('5000');
    expect(slider().max).toBe('75000');
    expect(slider().getAttribute('aria-valuetext')).toBe('5.00%');
    expect(text('dream-fee')).toBe('¥6.50');
    expect(dreamFee(12_345, 5_000, 9_500)).toBe(650);

    fireEvent.change(slider(), { target: { value: '25000' } });
    expect(text('dream-probability')).toBe('25.00%');
    expect(text('dream-fee')).toBe('¥32.49');
    expect(text('dream-coins')).toBe('¥32.49');
    // 123.45 / 32.49 = 3.7996…, shown rounded down.
    expect(text('dream-multiplier')).toBe('×3.79');
    expect(screen.getByTestId('dream-ring-arc').getAttribute('data-arc-degrees')).toBe('90.000');

    fireEvent.change(slider(), { target: { value: '75000' } });
    expect(text('dream-fee')).toBe('¥97.47');
    expect(text('dream-multiplier')).toBe('×1.26');

    // Issue 30 §9: 一半 is a 50 % chance, not the middle of the 5–75 % range.
    fireEvent.click(screen.getByTestId('dream-preset-mid'));
    expect(text('dream-probability')).toBe('50.00%');
    expect(slider().value).toBe('50000');
    expect(await screen.findByTestId('dream-balance')).toHaveProperty('textContent', '¥1000');
  });

  it('counts staked items toward the fee and raises the slider minimum until the fee covers them', async () => {
    setToken('tok');
    serve();
    renderWithProviders(<DreamPage />, '/dream');
    await pickTarget();
    fireEvent.change(slider(), { target: { value: '25000' } });
    await stake('背包饰品 901');
    expect(text('dream-items-value')).toBe('¥10');
    expect(text('dream-coins')).toBe('¥22.49');

    // 50.00 of items: the fee must reach it, so P ≥ 38.47 % (fee 50.00, nothing left to pay).
    await stake('背包饰品 901');
    await stake('背包饰品 902');
    expect(slider().min).toBe('38470');
    expect(text('dream-probability')).toBe('38.47%');
    expect(text('dream-fee')).toBe('¥50');
    expect(text('dream-coins')).toBe('¥0');
    expect(screen.getByTestId('dream-min-raised')).toBeTruthy();
    fireEvent.change(slider(), { target: { value: '75000' } });
    expect(text('dream-coins')).toBe('¥47.47');

    // 130.00 of items is more than the largest fee (97.47): refused here before the server has to.
    await stake('背包饰品 903');
    expect(text('dream-stake-count')).toBe('2/2');
    expect(text('dream-items-value')).toBe('¥130');
    expect(screen.getByTestId('dream-items-too-much')).toBeTruthy();
    // At most config.maxStakeItems (2): the third cannot be added.
    const third = screen.getAllByTestId('dream-stake-item').find((el) => el.textContent?.includes('背包饰品 901'))!;
    expect(third).toHaveProperty('disabled', true);
    expect(screen.getByTestId('dream-start')).toHaveProperty('disabled', true);
  });

  it('asks before spending, posts the target, P, items and coins, and lands the ring on the server roll', async () => {
    setToken('tok');
    const fetchFn = serve({ '/api/upgrade/startUpgrade': () => givenResult() });
    const { queryClient } = renderWithProviders(<DreamPage />, '/dream');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await pickTarget();
    fireEvent.change(slider(), { target: { value: '25000' } });
    await stake('背包饰品 901');
    fireEvent.click(screen.getByTestId('dream-start'));
    const confirm = await screen.findByRole('dialog', { name: '确认追梦' });
    expect(within(confirm).getByTestId('dream-confirm-text').textContent).toBe(
      '确认以 25.00% 的概率追梦 AWP | 二西莫夫？追梦费用 ¥32.49：饰品抵扣 ¥10，支付金币 ¥22.49。',
    );
    expect(callsTo(fetchFn, '/api/upgrade/startUpgrade')).toHaveLength(0);

    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    const ring = screen.getByTestId('dream-ring');
    await waitFor(() => expect(ring.getAttribute('data-state')).toBe('spinning'));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/upgrade/startUpgrade')[0]!)).toEqual({
      upgradeGiftId: '41',
      probability: '25000',
      vouchers: '901',
      quantity: '2249',
    });
    // 64289 / 100000 of a turn: outside the 25 % arc.
    expect(ring.getAttribute('data-final-angle')).toBe('231.440');
    expect(screen.queryByTestId('dream-result')).toBeNull();
    fireEvent.click(screen.getByTestId('dream-skip'));
    expect(ring.getAttribute('data-state')).toBe('landed');
    expect(screen.getByTestId('dream-pointer').getAttribute('data-angle')).toBe('231.440');

    const result = screen.getByTestId('dream-result');
    expect(result.getAttribute('data-won')).toBe('false');
    expect(within(result).getByText('追梦失败')).toBeTruthy();
    expect(within(result).getByTestId('dream-result-roll').textContent).toBe('64289');
    expect(within(result).getByTestId('dream-result-range').textContent).toBe('1–25000');
    expect(within(result).getByTestId('dream-result-verify').getAttribute('href')).toBe('/provably-fair/verify/77');
    expect(within(result).queryByTestId('dream-result-sell')).toBeNull();
    for (const key of [queryKeys.userInfo, queryKeys.backpack]) {
      expect(invalidate).toHaveBeenCalledWith({ queryKey: key });
    }
    // The staked item was consumed: the stake is empty again.
    expect(text('dream-items-value')).toBe('¥0');
  });

  it('spins in fast mode to the winning roll, then sells the won item', async () => {
    setToken('tok');
    useSettingsStore.getState().set('fastMode', true);
    const won = givenResult({ won: true, probability: 75_000, rollCode: 26_390, rollCodeHigh: 75_000, dreamFee: 9_747, voucherId: 3001 });
    const fetchFn = serve({
      '/api/upgrade/startUpgrade': () => won,
      '/api/personalCenter/exchangeQuantity': () => ({ quantity: 1, amount: 12_345, balance: 110_000 }),
    });
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<DreamPage />, '/dream');
    await pickTarget();
    fireEvent.change(slider(), { target: { value: '75000' } });
    fireEvent.click(screen.getByTestId('dream-start'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认追梦' })).getByTestId('confirm-ok'));
    const result = await screen.findByTestId('dream-result', {}, { timeout: 5_000 });
    expect(screen.getByTestId('dream-ring').getAttribute('data-state')).toBe('landed');
    expect(screen.getByTestId('dream-pointer').getAttribute('data-angle')).toBe('95.004');
    expect(result.getAttribute('data-won')).toBe('true');
    expect(within(result).getByText('追梦成功！')).toBeTruthy();
    expect(within(result).getByTestId('dream-result-range').textContent).toBe('1–75000');
    expect(callsTo(fetchFn, '/api/upgrade/startUpgrade')[0]?.get('quantity')).toBe('9747');

    fireEvent.click(within(result).getByTestId('dream-result-sell'));
    // Sold shows once the balance and backpack have been fetched again: seconds on a loaded CI machine.
    await screen.findByTestId('dream-result-sold', {}, { timeout: 15_000 });
    expect(callsTo(fetchFn, '/api/personalCenter/exchangeQuantity')[0]?.get('ids')).toBe('3001');
    expect(success).toHaveBeenCalledWith('已兑换 ¥123.45');
  });

  it('shows the shortfall with a way to recharge and keeps the start button off', async () => {
    setToken('tok');
    serve({ '/api/personalCenter/userInfo': () => givenUser(2_000, 500) });
    renderWithProviders(<DreamPage />, '/dream');
    await pickTarget();
    fireEvent.change(slider(), { target: { value: '25000' } });
    await screen.findByTestId('dream-short');
    expect(text('dream-balance')).toBe('¥25');
    expect(screen.getByTestId('dream-start')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('dream-recharge'));
    expect(useOverlayStore.getState().open.recharge).toBe(true);
    // Items cover part of the fee: now enough.
    await stake('背包饰品 901');
    expect(screen.queryByTestId('dream-short')).toBeNull();
    expect(screen.getByTestId('dream-start')).toHaveProperty('disabled', false);
  });

  it('stays on the stake with the toasted reason when the server refuses', async () => {
    setToken('tok');
    const error = vi.spyOn(toast, 'error');
    serve({ '/api/upgrade/startUpgrade': () => refuse(4101, '饰品价格已变动，请重新确认') });
    renderWithProviders(<DreamPage />, '/dream');
    await pickTarget();
    fireEvent.click(screen.getByTestId('dream-start'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认追梦' })).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认追梦' })).toBeNull());
    expect(error).toHaveBeenCalledWith('饰品价格已变动，请重新确认', expect.anything());
    expect(screen.getByTestId('dream-ring').getAttribute('data-state')).toBe('idle');
    expect(screen.queryByTestId('dream-result')).toBeNull();
  });

  it('asks a guest to log in before anything is spent', async () => {
    const fetchFn = serve();
    renderWithProviders(<DreamPage />, '/dream');
    await pickTarget();
    expect(screen.getByTestId('dream-stake-guest')).toBeTruthy();
    fireEvent.click(screen.getByTestId('dream-start'));
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(screen.queryByRole('dialog', { name: '确认追梦' })).toBeNull();
    expect(callsTo(fetchFn, '/api/upgrade/startUpgrade')).toHaveLength(0);
    expect(callsTo(fetchFn, '/api/upgrade/myVoucher')).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('dream-record-tabs')).getByRole('tab', { name: '我的记录' }));
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/personalCenter/getMyDreamLog')).toHaveLength(0);
  });

  it('filters and pages the targets', async () => {
    const fetchFn = serve();
    renderWithProviders(<DreamPage />, '/dream');
    await screen.findAllByTestId('dream-target');
    expect(Object.fromEntries(callsTo(fetchFn, '/api/upgrade/page')[0]!)).toEqual({ page: '1', pageSize: '12', orderByPrice: 'asc' });
    fireEvent.change(screen.getByRole('combobox', { name: '外观' }), { target: { value: 'FN' } });
    fireEvent.change(screen.getByRole('combobox', { name: '类型' }), { target: { value: 'knife' } });
    fireEvent.change(screen.getByRole('combobox', { name: '稀有度' }), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('dream-sort'));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索饰品' }), { target: { value: '蝴蝶' } });
    fireEvent.change(screen.getByRole('textbox', { name: '最低价' }), { target: { value: '100' } });
    fireEvent.change(screen.getByRole('textbox', { name: '最高价' }), { target: { value: '9000.5' } });
    await waitFor(() =>
      expect(Object.fromEntries(callsTo(fetchFn, '/api/upgrade/page').at(-1)!)).toEqual({
        page: '1',
        pageSize: '12',
        orderByPrice: 'desc',
        exterior: 'FN',
        type: 'knife',
        rarity: '0',
        giftName: '蝴蝶',
        priceStart: '10000',
        priceEnd: '900050',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/upgrade/page').at(-1)?.get('page')).toBe('2'));
  });

  it('shows the empty and failed target lists', async () => {
    serve({ '/api/upgrade/page': (p) => (p.get('giftName') ? page([]) : refuse(500, '服务繁忙')) });
    vi.spyOn(toast, 'error');
    renderWithProviders(<DreamPage />, '/dream');
    expect(await screen.findByText('饰品加载失败')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索饰品' }), { target: { value: '不存在' } });
    expect(await screen.findByText('没有符合条件的饰品')).toBeTruthy();
    expect(screen.getByTestId('dream-no-target')).toBeTruthy();
  });

  it('lists the site records and, logged in, the player own log with the verify link', async () => {
    setToken('tok');
    serve();
    renderWithProviders(<DreamPage />, '/dream');
    const records = await screen.findByTestId('dream-records');
    const siteRows = await within(records).findAllByTestId('dream-record');
    expect(siteRows).toHaveLength(2);
    expect(within(within(records).getByRole('table')).getByText('追梦费用')).toBeTruthy();
    expect(within(within(records).getByRole('table')).getByText('中奖区间')).toBeTruthy();
    expect(siteRows[0]!.textContent).toContain('追梦人1');
    expect(siteRows[0]!.textContent).toContain('¥64.98');
    expect(siteRows[0]!.textContent).toContain('1–50000');
    expect(siteRows[0]!.textContent).toContain('成功');
    expect(siteRows[1]!.textContent).toContain('失败');
    // Anyone's dream on the public list links to its share id, never to its roll number.
    expect(within(siteRows[0]!).getByTestId('dream-record-verify').getAttribute('href')).toBe('/provably-fair/verify/share-1');

    fireEvent.click(within(screen.getByTestId('dream-record-tabs')).getByRole('tab', { name: '我的记录' }));
    const mine = await within(records).findAllByTestId('dream-record');
    await waitFor(() => expect(within(records).getAllByTestId('dream-record')[0]!.textContent).toContain('64289'));
    expect(mine).toHaveLength(1);
    const row = within(records).getAllByTestId('dream-record')[0]!;
    expect(row.textContent).toContain('¥32.49');
    expect(row.textContent).toContain('1–25000');
    expect(row.textContent).toContain('2026-11-21 08:30:00');
    // The phone's card of the same record says the same, in Beijing time (issue 30 §8).
    expect(within(records).getAllByTestId('dream-record-card')[0]!.textContent).toContain('2026-11-21 08:30:00');
    expect(within(row).getByRole('link', { name: '验证' }).getAttribute('href')).toBe('/provably-fair/verify/301');
  });
});
