import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { GiveawayRoom } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture, userInfoFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useLiveStore } from '../../../shared/stores/live-store';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { givenDrawnRoom, givenEntries, givenRoom } from '../test-giveaways';
import GiveawayRoomPage from './giveaway-room-page';

const user = (id: number) => userInfoFixture({ id });

const eligible = { deposit: true, promotion: true, vip: true, account: true, depositSoFar: 0 };

function serve(room: () => GiveawayRoom, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/personalCenter/userInfo': () => user(50),
    '/api/giveaway/detail': () => room(),
    '/api/giveaway/giftList': () => room().giftVos,
    '/api/giveaway/partakeList': () => givenEntries(room().userCount),
    ...extra,
  });
}

const renderRoom = (path = '/giveaways/7') =>
  renderWithProviders(
    <Routes>
      <Route path="/giveaways/:id" element={<GiveawayRoomPage />} />
    </Routes>,
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
  useOverlayStore.getState().closeAll();
  useLiveStore.getState().reset();
});

describe('giveaway room', () => {
  it('shows the prize pool with values, the entries with their numbers and a countdown in whole seconds, no milliseconds', async () => {
    const fetchFn = serve(() => givenRoom());
    renderRoom();
    const prizes = await screen.findAllByTestId('giveaway-prize');
    expect(prizes).toHaveLength(2);
    expect(prizes[0]!.textContent).toContain('¥10');
    expect(prizes[1]!.textContent).toContain('¥20');
    expect(screen.getByTestId('giveaway-prizes').textContent).toContain('¥30');
    const entries = await screen.findAllByTestId('giveaway-entry');
    expect(entries.map((e) => [e.textContent!.slice(0, 2), e.textContent!.endsWith(`玩***${e.textContent![1]}`)])).toEqual([
      ['#1', true],
      ['#2', true],
      ['#3', true],
    ]);
    expect(screen.getByTestId('giveaway-countdown').textContent).toMatch(/\d+ 天 \d{2}:\d{2}:\d{2}$/);
    expect(callsTo(fetchFn, '/api/giveaway/detail')[0]!.get('giveawayId')).toBe('7');
    expect(screen.getByTestId('fair-public-hash').textContent).toBe('a'.repeat(64));
    expect(screen.getByTestId('fair-entries-hash').textContent).toBe('尚未公布');
  });

  it('joins a password room with the typed password', async () => {
    setToken('tok');
    let joined = false;
    const fetchFn = serve(
      () =>
        givenRoom({
          pwdFlag: true,
          conditions: { ...givenRoom().conditions, password: true },
          eligibility: eligible,
          joinFlag: joined,
        }),
      {
        '/api/giveaway/partake': () => {
          joined = true;
          return true;
        },
      },
    );
    renderRoom();
    const button = await screen.findByTestId('giveaway-join-button');
    await waitFor(() => expect(button.textContent).toBe('立即参与'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('giveaway-join-reason').textContent).toBe('请输入房间密码');
    fireEvent.change(screen.getByTestId('giveaway-password'), { target: { value: 'lucky8' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(fetchFn, '/api/giveaway/partake')).toHaveLength(1));
    const body = callsTo(fetchFn, '/api/giveaway/partake')[0]!;
    expect([body.get('giveawayId'), body.get('pwd')]).toEqual(['7', 'lucky8']);
    await waitFor(() => expect(screen.getByTestId('giveaway-join-button').textContent).toBe('已参与'));
  });

  it('shows each condition with my eligibility, and the first reason with the join button off', async () => {
    setToken('tok');
    const fetchFn = serve(() =>
      givenRoom({
        conditions: {
          password: false,
          minDeposit: 10_000,
          depositStart: '2029-12-01T00:00:00.000Z',
          depositEnd: '2029-12-31T00:00:00.000Z',
          promotionCode: 'STAR88',
          minVipGrade: 3,
        },
        eligibility: { account: true, deposit: false, promotion: true, vip: false, depositSoFar: 2_550 },
      }),
    );
    renderRoom();
    const deposit = await screen.findByTestId('cond-deposit');
    await waitFor(() => expect(deposit.dataset.ok).toBe('false'));
    expect(deposit.textContent).toContain('充值满 ¥100');
    expect(deposit.textContent).toContain('已充值 ¥25.50 / ¥100');
    expect(screen.getByTestId('cond-account').dataset.ok).toBe('true');
    expect(screen.getByTestId('cond-promotion').dataset.ok).toBe('true');
    expect(screen.getByTestId('cond-promotion').textContent).toContain('STAR88');
    expect(screen.getByTestId('cond-vip').dataset.ok).toBe('false');
    expect(screen.getByTestId('cond-vip').textContent).toContain('VIP 等级不低于 3');
    const button = screen.getByTestId('giveaway-join-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('giveaway-join-reason').textContent).toBe('充值金额未达到要求');
    fireEvent.click(button);
    expect(callsTo(fetchFn, '/api/giveaway/partake')).toHaveLength(0);
  });

  it('asks a guest to log in instead of joining', async () => {
    const fetchFn = serve(() => givenRoom());
    renderRoom();
    const button = await screen.findByTestId('giveaway-join-button');
    expect(button.textContent).toBe('登录后参与');
    expect(screen.getByTestId('giveaway-conditions').textContent).toContain('登录后可查看你是否满足条件');
    fireEvent.click(button);
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(callsTo(fetchFn, '/api/giveaway/partake')).toHaveLength(0);
  });

  it('shows the server refusal and keeps the room when a join is refused', async () => {
    setToken('tok');
    const fetchFn = serve(() => givenRoom({ eligibility: eligible }), {
      '/api/giveaway/partake': () => refuse(4301, '房间已截止'),
    });
    renderRoom();
    const button = await screen.findByTestId('giveaway-join-button');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(fetchFn, '/api/giveaway/partake')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchFn, '/api/giveaway/detail').length).toBeGreaterThan(1));
    expect(screen.getByTestId('giveaway-join-button').textContent).toBe('立即参与');
  });

  it('shows the winners with their prizes after the draw, the published seed and a verify link', async () => {
    setToken('tok');
    const drawn = givenDrawnRoom();
    const fetchFn = serve(() => drawn.room, {
      '/api/giveaway/partakeList': () => drawn.entries,
      '/api/giveaway/winnerList': () => drawn.winners,
    });
    renderRoom();
    const winners = await screen.findAllByTestId('giveaway-winner');
    expect(winners).toHaveLength(3);
    const first = drawn.winners[0]!;
    expect(winners[0]!.textContent).toContain(first.nickname);
    expect(winners[0]!.textContent).toContain(`#${first.entryNo}`);
    expect(winners[0]!.textContent).toContain(first.giftVos[0]!.giftName);
    expect(screen.queryByTestId('giveaway-countdown')).toBeNull();
    expect(screen.queryByTestId('giveaway-join-button')).toBeNull();
    expect(screen.getByTestId('fair-seed').textContent).toBe(drawn.room.serverSeed);
    expect(screen.getByTestId('fair-entry-count').textContent).toBe('6');
    expect(screen.getByTestId('giveaway-verify-link').getAttribute('href')).toBe('/giveaways/7/verify');
    expect(callsTo(fetchFn, '/api/giveaway/winnerList')[0]!.get('giveawayId')).toBe('7');
  });

  it.each([
    [3, '房主背包'],
    [1, '商城库存'],
  ])('a room of type %i with fewer entries than prizes says where the unwon ones went (issue 30 §9)', async (roomType, to) => {
    const drawn = givenDrawnRoom(1);
    const room = { ...drawn.room, roomType };
    serve(() => room, {
      '/api/giveaway/partakeList': () => drawn.entries,
      '/api/giveaway/winnerList': () => drawn.winners,
    });
    renderRoom();
    expect((await screen.findAllByTestId('giveaway-winner')).length).toBe(1);
    expect((await screen.findByTestId('giveaway-unwon')).textContent).toBe(`参与人数（1）少于奖品数（3）：未抽出的 2 件奖品已退回${to}。`);
    expect(screen.getAllByTestId('giveaway-prize-unwon').map((e) => e.textContent)).toEqual(['未抽出 · 已退回', '未抽出 · 已退回']);
    expect(screen.getAllByTestId('giveaway-prize-winner')).toHaveLength(1);
    expect(screen.getByTestId('giveaway-rules').textContent).toContain(`未抽出的奖品在开奖时退回${to}`);
  });

  it('says before the draw where prizes nobody wins will go, and marks no prize as returned yet', async () => {
    serve(() => givenRoom({ roomType: 3, userCount: 1 }));
    renderRoom();
    const rules = await screen.findByTestId('giveaway-rules');
    expect(rules.textContent).toContain('参与人数少于奖品数时，未抽出的奖品在开奖时退回房主背包。');
    expect(rules.textContent).toContain('每个参与号最多中 1 件奖品');
    expect(screen.queryByTestId('giveaway-unwon')).toBeNull();
    expect(screen.queryByTestId('giveaway-prize-unwon')).toBeNull();
  });

  it('lets the creator cancel an own room nobody has joined', async () => {
    setToken('tok');
    const fetchFn = serve(
      () => givenRoom({ roomType: 3, userCount: 0, creator: { id: 50, nickname: '我', headPic: null }, eligibility: eligible }),
      { '/api/giveaway/cancel': () => true },
    );
    renderRoom();
    fireEvent.click(await screen.findByTestId('giveaway-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/giveaway/cancel')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/giveaway/cancel')[0]!.get('giveawayId')).toBe('7');
  });

  it('follows event 41: the room updates in place and keeps my own eligibility', async () => {
    setToken('tok');
    let entries = 3;
    serve(() => givenRoom({ eligibility: eligible }), {
      '/api/giveaway/partakeList': () => givenEntries(entries),
    });
    renderRoom();
    expect(await screen.findAllByTestId('giveaway-entry')).toHaveLength(3);
    await waitFor(() => expect(screen.getByTestId('cond-account').dataset.ok).toBe('true'));
    entries = 4;
    act(() => useLiveStore.getState().applyEvent(41, givenRoom({ title: '新年福利（加码）', userCount: 4, eligibility: null })));
    await waitFor(() => expect(screen.getByTestId('giveaway-title').textContent).toBe('新年福利（加码）'));
    await waitFor(() => expect(screen.getAllByTestId('giveaway-entry')).toHaveLength(4));
    expect(screen.getByTestId('cond-account').dataset.ok).toBe('true');
    // Another room's event leaves this one as it is.
    act(() => useLiveStore.getState().applyEvent(41, givenRoom({ id: 9, title: '别的房间' })));
    expect(screen.getByTestId('giveaway-title').textContent).toBe('新年福利（加码）');
  });
});
