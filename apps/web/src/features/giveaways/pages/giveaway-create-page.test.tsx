import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Ornament } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { toLocalInput } from '../create-form';
import GiveawayCreatePage from './giveaway-create-page';

const item = (id: number, recoveryPrice: number): Ornament => ({
  id,
  giftId: 900 + id,
  giftName: `饰品${id}`,
  giftImage: null,
  grade: 2,
  recoveryPrice,
  state: 'in_backpack',
  sourceType: 'box',
  createTime: '2029-12-01T00:00:00.000Z',
});

function serve() {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/personalCenter/getMyOrnamentPage': () => ({
      pageData: [item(11, 1500), item(12, 250), item(13, 9900)],
      page: 1,
      pageSize: 100,
      totalRows: 3,
      totalPages: 1,
    }),
    '/api/giveaway/create': () => ({ id: 42 }),
  });
}

const renderCreate = () =>
  renderWithProviders(
    <Routes>
      <Route path="/giveaways/create" element={<GiveawayCreatePage />} />
      <Route path="/giveaways/:id" element={<p data-testid="room-landed">room</p>} />
    </Routes>,
    '/giveaways/create',
  );

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

describe('create giveaway page', () => {
  it('picks backpack items, confirms the escrow and posts the room, then opens it', async () => {
    setToken('tok');
    const fetchFn = serve();
    const { router } = renderCreate();
    const picks = await screen.findAllByTestId('giveaway-pick');
    fireEvent.click(picks[0]!);
    fireEvent.click(picks[2]!);
    expect(screen.getByTestId('giveaway-picked').textContent).toContain('已选 2/50 件');
    expect(screen.getByTestId('giveaway-picked').textContent).toContain('¥114');
    const sent = callsTo(fetchFn, '/api/personalCenter/getMyOrnamentPage')[0]!;
    expect(sent.get('state')).toBe('0');

    const openTime = toLocalInput(Date.now() + 2 * 3_600_000);
    fireEvent.change(field('房间标题'), { target: { value: '粉丝福利' } });
    fireEvent.change(field('开奖时间'), { target: { value: openTime } });
    fireEvent.change(field('房间密码（选填）'), { target: { value: 'fans2030' } });
    fireEvent.change(field('最低充值（元，选填）'), { target: { value: '20.5' } });
    fireEvent.change(field('最低 VIP 等级'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('giveaway-create-submit'));

    const dialog = await screen.findByTestId('giveaway-create-confirm');
    expect(dialog.textContent).toContain('2 件饰品');
    expect(dialog.textContent).toContain('托管');
    expect(callsTo(fetchFn, '/api/giveaway/create')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-ok'));

    await screen.findByTestId('room-landed');
    expect(router.state.location.pathname).toBe('/giveaways/42');
    const body = callsTo(fetchFn, '/api/giveaway/create')[0]!;
    expect(Object.fromEntries(body)).toEqual({
      title: '粉丝福利',
      remark: '',
      vouchers: '11,13',
      openTime: new Date(openTime).toISOString(),
      pwd: 'fans2030',
      minDeposit: '2050',
      minVipGrade: '2',
      requirePromotion: 'true',
    });
  });

  it('refuses an end time under 10 minutes or beyond 7 days, and nothing picked, without posting', async () => {
    setToken('tok');
    const fetchFn = serve();
    renderCreate();
    await screen.findAllByTestId('giveaway-pick');
    fireEvent.change(field('房间标题'), { target: { value: '粉丝福利' } });
    fireEvent.change(field('开奖时间'), { target: { value: toLocalInput(Date.now() + 60_000) } });
    fireEvent.click(screen.getByTestId('giveaway-create-submit'));
    expect(await screen.findByText('开奖时间至少在 10 分钟后')).toBeTruthy();
    expect(screen.getByText('请至少选择 1 件饰品')).toBeTruthy();
    fireEvent.change(field('开奖时间'), { target: { value: toLocalInput(Date.now() + 8 * 86_400_000) } });
    expect(await screen.findByText('开奖时间不能超过 7 天')).toBeTruthy();
    expect(screen.queryByTestId('giveaway-create-confirm')).toBeNull();
    expect(callsTo(fetchFn, '/api/giveaway/create')).toHaveLength(0);
  });

  it('asks a guest to log in', async () => {
    const fetchFn = serve();
    renderCreate();
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/getMyOrnamentPage')).toHaveLength(0));
  });
});
