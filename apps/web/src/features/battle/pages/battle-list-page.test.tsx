import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { givenBattle, pageOf } from '../test-battles';
import BattleListPage from './battle-list-page';

const renderArena = (path = '/battle') =>
  renderWithProviders(
    <Routes>
      <Route path="/battle" element={<BattleListPage />} />
      <Route path="/reverse" element={<BattleListPage mode="reverse" />} />
    </Routes>,
    path,
  );

afterEach(() => vi.unstubAllGlobals());

describe('battle arena', () => {
  it('lists open battles with boxes, seats, entry price, mode and state', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () =>
        pageOf([
          givenBattle(),
          givenBattle({
            id: 8,
            battleCode: 'bt8code01',
            mode: 1,
            state: 1,
            countCustomer: 3,
            totalPrice: 20_000,
          }),
        ]),
    });
    renderArena();
    const cards = await screen.findAllByTestId('battle-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getAllByTestId('battle-card-box')).toHaveLength(2);
    expect(first.getByTestId('battle-seats').textContent).toBe('1/2 人');
    expect(cards[0]!.textContent).toContain('¥15.50');
    expect(first.getByTestId('battle-mode').textContent).toBe('欧皇');
    expect(first.getByTestId('battle-state').textContent).toBe('等待中');
    expect(first.getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/battle/bt7code01');
    expect(within(cards[1]!).getByTestId('battle-mode').textContent).toBe('非酋');
    expect(within(cards[1]!).getByTestId('battle-state').textContent).toBe('对战中');
    expect(cards[1]!.textContent).toContain('¥200');
    expect(callsTo(fetchFn, '/api/battle/getCurrentList')[0]?.get('mode')).toBe('-1');
  });

  it('says 开奖中 on a card until its last reel lands, 已结束 after (issue 30 §5)', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () =>
        pageOf([
          givenBattle({ state: 2, revealStartAt: new Date(Date.now() - 1_000).toISOString() }),
          givenBattle({ id: 8, battleCode: 'bt8code01', state: 2, revealStartAt: new Date(Date.now() - 60_000).toISOString() }),
        ]),
    });
    renderArena();
    const cards = await screen.findAllByTestId('battle-card');
    expect(within(cards[0]!).getByTestId('battle-state').textContent).toBe('开奖中');
    expect(within(cards[1]!).getByTestId('battle-state').textContent).toBe('已结束');
  });

  it('links each arena to its own create page', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () => pageOf([]),
    });
    const { unmount } = renderArena();
    expect((await screen.findByRole('link', { name: '创建对战' })).getAttribute('href')).toBe('/battle/create');
    unmount();
    renderArena('/reverse');
    expect((await screen.findByRole('link', { name: '创建反向对战' })).getAttribute('href')).toBe('/reverse/create');
  });

  it('says so when nothing is open, and asks for the ended battles on the history tab', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () => pageOf([]),
      '/api/battle/getList': () => pageOf([]),
    });
    renderArena('/reverse');
    expect(await screen.findByText('暂无进行中的对战，快来创建一场吧')).toBeTruthy();
    expect(screen.queryByTestId('battle-card')).toBeNull();
    expect(callsTo(fetchFn, '/api/battle/getCurrentList')[0]?.get('mode')).toBe('1');

    fireEvent.click(screen.getByRole('tab', { name: '历史记录' }));
    expect(await screen.findByText('暂无历史对战')).toBeTruthy();
    const sent = callsTo(fetchFn, '/api/battle/getList')[0]!;
    expect([sent.get('mode'), sent.get('state')]).toEqual(['1', '2']);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () => (fail ? refuse(500, '服务繁忙') : pageOf([givenBattle()])),
    });
    renderArena();
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByText('对战加载失败，请稍后再试')).toBeNull());
    expect(await screen.findAllByTestId('battle-card')).toHaveLength(1);
  });

  it('asks a guest to log in on the mine tab instead of calling the server', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () => pageOf([]),
    });
    renderArena();
    fireEvent.click(await screen.findByRole('tab', { name: '我的对战' }));
    expect(await screen.findByText('登录后查看我的对战')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/battle/getMyBattleList')).toHaveLength(0);
  });

  it("shows today's and yesterday's ranking with the top places' rewards", async () => {
    const row = (place: number, nickname: string, rewardPoint: number) => ({
      customerId: 100 + place,
      nickname,
      headPic: null,
      rewardPoint,
      bizDate: 20261125,
      place,
    });
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/battle/getCurrentList': () => pageOf([]),
      '/api/battle/rank': () => ({
        todayRank: [row(1, '甲', 50_000), row(4, '丁', 1_000)],
        yesterdayRank: [],
        topOneYesterday: null,
        myReward: 0,
      }),
    });
    renderArena();
    fireEvent.click(await screen.findByRole('tab', { name: '排行榜' }));
    const rows = within(await screen.findByTestId('rank-today')).getAllByTestId('rank-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('积分 500');
    expect(rows[0]!.textContent).toContain('奖励 ¥88');
    expect(rows[1]!.textContent).not.toContain('奖励');
    expect(within(screen.getByTestId('rank-yesterday')).getByText('暂无上榜玩家')).toBeTruthy();
  });
});
