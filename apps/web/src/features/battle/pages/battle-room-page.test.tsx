import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { BattleDetail, BattleResults } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture, userInfoFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useLiveStore } from '../../../shared/stores/live-store';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { givenBattle } from '../test-battles';
import BattleRoomPage from './battle-room-page';

const user = (id: number) => userInfoFixture({ id });

const seat = (pos: number, overrides: Partial<BattleDetail['customerList'][number]> = {}) => ({
  pos,
  customerId: 20 + pos,
  botId: null,
  nickname: `玩家${pos}`,
  headPic: null,
  isBot: false,
  clientSeed: `s${pos}`,
  ...overrides,
});

function serve(meId: number, battle: BattleDetail, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/personalCenter/userInfo': () => user(meId),
    '/api/battle/getBattleDetail': () => battle,
    ...extra,
  });
}

/** A 2-seat, 2-round battle whose rounds were revealed from `startAt`; seat 2 (customer 22) won. */
function endedBattle(startAt: number, winnerId = 22) {
  const ended = givenBattle({
    state: 2,
    winnerPos: 2,
    revealedRounds: 2,
    revealStartAt: new Date(startAt).toISOString(),
    serverSeed: 'd'.repeat(64),
    secretSalt: 'e'.repeat(32),
    customerList: [seat(1), seat(2, { customerId: winnerId })],
  });
  let voucher = 100;
  const roll = (round: number, pos: number, giftName: string, giftPrice: number) => ({
    round,
    pos,
    rollCode: 1,
    rangeLow: 1,
    rangeHigh: 10,
    giftId: round * 10 + pos,
    giftName,
    giftImage: null,
    giftGrade: 3,
    giftPrice,
    voucherId: (voucher += 1),
  });
  const results: BattleResults = {
    ...ended,
    rolls: [roll(1, 1, 'P250 | 沙丘', 300), roll(1, 2, 'AK-47 | 红线', 2500), roll(2, 1, 'MP9 | 风暴', 200), roll(2, 2, 'USP | 黑水', 900)],
  };
  return { ended, results };
}

const renderRoom = (path = '/battle/bt7code01') =>
  renderWithProviders(
    <Routes>
      <Route path="/battle/:id" element={<BattleRoomPage />} />
    </Routes>,
    path,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
  useOverlayStore.getState().closeAll();
  useLiveStore.getState().reset();
});

describe('battle room', () => {
  it('shows the seats, the boxes and the entry price, with an empty seat left', async () => {
    setToken('tok');
    serve(
      5,
      givenBattle({
        countCustomer: 3,
        customerList: [seat(1, { customerId: 11 }), seat(2, { isBot: true, botId: 2, customerId: null })],
      }),
    );
    renderRoom();
    const seats = await screen.findAllByTestId('battle-seat');
    expect(seats).toHaveLength(3);
    expect(within(seats[0]!).getByText('房主')).toBeTruthy();
    expect(within(seats[1]!).getByTestId('bot-badge').textContent).toBe('机器人');
    expect(within(seats[2]!).getByText('空位')).toBeTruthy();
    expect(screen.getAllByTestId('room-box')).toHaveLength(2);
    expect(screen.getByTestId('battle-room').textContent).toContain('¥15.50');
  });

  it('links to the create page preset from this battle', async () => {
    serve(5, givenBattle());
    renderRoom();
    const link = await screen.findByTestId('battle-create-same');
    expect(link.textContent).toBe('创建相同对战');
    expect(link.getAttribute('href')).toBe('/battle/create/bt7code01');
  });

  it('asks before paying the entry price, then joins and shows the player seated', async () => {
    setToken('tok');
    const waiting = givenBattle();
    const fetchFn = serve(5, waiting, {
      '/api/battle/joinBattle': () => ({
        ...waiting,
        state: 1,
        customerList: [...waiting.customerList, seat(2, { customerId: 5 })],
      }),
    });
    renderRoom();
    fireEvent.click(await screen.findByTestId('battle-join'));
    const confirm = await screen.findByRole('dialog', { name: '确认加入' });
    expect(within(confirm).getByTestId('join-confirm-text').textContent).toBe('确认花费 ¥15.50 加入对战？');
    expect(callsTo(fetchFn, '/api/battle/joinBattle')).toHaveLength(0);

    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/battle/joinBattle')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/battle/joinBattle')[0]?.get('battleCode')).toBe('bt7code01');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认加入' })).toBeNull());
    const seats = screen.getAllByTestId('battle-seat');
    expect(within(seats[1]!).getByText('你')).toBeTruthy();
    expect(screen.getByTestId('battle-room').dataset.state).toBe('1');
    expect(screen.queryByTestId('battle-join')).toBeNull();
  });

  it('spends nothing when the join is not confirmed', async () => {
    setToken('tok');
    const fetchFn = serve(5, givenBattle(), { '/api/battle/joinBattle': () => givenBattle() });
    renderRoom();
    fireEvent.click(await screen.findByTestId('battle-join'));
    const confirm = await screen.findByRole('dialog', { name: '确认加入' });
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog', { name: '确认加入' })).toBeNull();
    await act(async () => {});
    expect(callsTo(fetchFn, '/api/battle/joinBattle')).toHaveLength(0);
  });

  it('sends the invite link password with a private join', async () => {
    setToken('tok');
    const locked = givenBattle({ private: true });
    const fetchFn = serve(5, locked, { '/api/battle/joinBattle': () => locked });
    renderRoom('/battle/bt7code01?password=open1234');
    fireEvent.click(await screen.findByTestId('battle-join'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认加入' })).getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/battle/joinBattle')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/battle/joinBattle')[0]?.get('password')).toBe('open1234');
  });

  it('asks a guest to log in instead of offering to pay', async () => {
    const fetchFn = serve(5, givenBattle());
    renderRoom();
    fireEvent.click(await screen.findByTestId('battle-join'));
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(screen.queryByRole('dialog', { name: '确认加入' })).toBeNull();
    expect(callsTo(fetchFn, '/api/battle/joinBattle')).toHaveLength(0);
  });

  it('lets the creator add a chosen bot and cancel after confirming', async () => {
    setToken('tok');
    const waiting = givenBattle({ customerList: [seat(1, { customerId: 11 })] });
    const fetchFn = serve(11, waiting, {
      '/api/battle/getBots': () => [{ botId: 4, nickname: '机器人小明', headPic: null, played: 10, won: 4, profitFen: -250 }],
      '/api/battle/joinBot': () => ({
        ...waiting,
        customerList: [...waiting.customerList, seat(2, { customerId: null, botId: 4, isBot: true, nickname: '机器人小明' })],
      }),
      '/api/battle/cancel': () => ({ ...waiting, state: 3 }),
    });
    renderRoom();
    expect(await screen.findByTestId('battle-cancel')).toBeTruthy();
    expect(screen.queryByTestId('battle-join')).toBeNull();

    fireEvent.click(screen.getByTestId('battle-add-bot'));
    const option = await screen.findByTestId('bot-option');
    expect(option.textContent).toContain('10 场 · 胜 4 场');
    fireEvent.click(option);
    await waitFor(() => expect(callsTo(fetchFn, '/api/battle/joinBot')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/battle/joinBot')[0]?.get('botId')).toBe('4');
    expect(await screen.findByTestId('bot-badge')).toBeTruthy();

    fireEvent.click(screen.getByTestId('battle-cancel'));
    const confirm = await screen.findByRole('dialog', { name: '取消对战' });
    expect(callsTo(fetchFn, '/api/battle/cancel')).toHaveLength(0);
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('battle-room').dataset.state).toBe('3'));
    expect(callsTo(fetchFn, '/api/battle/cancel')[0]?.get('battleCode')).toBe('bt7code01');
    expect(screen.queryByTestId('battle-cancel')).toBeNull();
  });

  it("shows the winner and each seat's items once every round has landed, with a verify link per roll", async () => {
    setToken('tok');
    const { ended, results } = endedBattle(Date.now() - 60_000);
    serve(5, ended, { '/api/battle/getBattleResults': () => results });
    renderRoom();
    const winner = await screen.findByTestId('winner-badge');
    expect(screen.getByTestId('battle-state').textContent).toBe('已结束');
    const seats = screen.getAllByTestId('battle-seat');
    expect(seats[1]!.contains(winner)).toBe(true);
    expect(within(seats[0]!).getByTestId('seat-total').textContent).toBe('总价值 ¥5');
    expect(within(seats[1]!).getByTestId('seat-total').textContent).toBe('总价值 ¥34');
    expect(within(seats[1]!).getByTestId('seat-items').textContent).toContain('AK-47 | 红线');
    expect(screen.getByTestId('battle-winner').textContent).toContain('玩家2 获胜');
    expect(screen.queryByTestId('battle-join')).toBeNull();
    expect(screen.queryByTestId('round-stage')).toBeNull();
    const links = screen.getAllByTestId('roll-verify').map((a) => a.getAttribute('href'));
    expect(links).toContain('/battle/bt7code01/verify?round=1&pos=2');
    expect(screen.getByTestId('battle-verify').getAttribute('href')).toBe('/battle/bt7code01/verify');
    // Not the winner: nothing to sell.
    expect(screen.queryByTestId('won-items')).toBeNull();
  });

  it('a watcher arriving mid-battle lands in the round the server is on, with later rounds and the winner hidden', async () => {
    setToken('tok');
    // 5.5 s after the start of a 4 s-per-round schedule: round 2 is spinning, round 1 has landed.
    const { ended, results } = endedBattle(Date.now() - 5_500);
    serve(5, ended, { '/api/battle/getBattleResults': () => results });
    renderRoom();
    const stage = await screen.findByTestId('round-stage');
    expect(stage.dataset.round).toBe('2');
    expect(within(stage).getAllByTestId('reel')).toHaveLength(2);
    expect(screen.getByTestId('battle-revealing').textContent).toBe('开奖中：第 2/2 轮');
    const seats = screen.getAllByTestId('battle-seat');
    expect(within(seats[1]!).getByTestId('seat-items').textContent).toContain('AK-47 | 红线');
    expect(within(seats[1]!).getByTestId('seat-items').textContent).not.toContain('USP | 黑水');
    // The server already named the winner with the last round; the room waits for its reel to land.
    expect(screen.queryByTestId('winner-badge')).toBeNull();
    // Issue 30 §5: the server has ended the battle, the room still reveals it.
    expect(screen.getByTestId('battle-state').textContent).toBe('开奖中');
    fireEvent.click(screen.getByTestId('battle-skip'));
    expect(await screen.findByTestId('winner-badge')).toBeTruthy();
    expect(within(seats[1]!).getByTestId('seat-items').textContent).toContain('USP | 黑水');
    expect(screen.getByTestId('battle-state').textContent).toBe('已结束');
  });

  it('says 开奖中 while the results are still on their way, from the schedule in the detail (issue 30 §5)', async () => {
    setToken('tok');
    const { ended } = endedBattle(Date.now() - 1_000);
    // No answer for the results (the request stays pending).
    serve(5, ended);
    renderRoom();
    expect((await screen.findByTestId('battle-state')).textContent).toBe('开奖中');
  });

  it('replays a finished battle round by round from its results', async () => {
    setToken('tok');
    const { ended, results } = endedBattle(Date.now() - 60_000);
    serve(5, ended, { '/api/battle/getBattleResults': () => results });
    renderRoom();
    fireEvent.click(await screen.findByTestId('battle-replay'));
    const stage = await screen.findByTestId('round-stage');
    expect(stage.dataset.round).toBe('1');
    expect(screen.getByTestId('battle-revealing').textContent).toBe('回放中：第 1/2 轮');
    expect(screen.queryByTestId('winner-badge')).toBeNull();
    expect(screen.queryByTestId('battle-replay')).toBeNull();
  });

  it('the winner sells the won items from the room', async () => {
    setToken('tok');
    const { ended, results } = endedBattle(Date.now() - 60_000, 22);
    const fetchFn = serve(22, ended, {
      '/api/battle/getBattleResults': () => results,
      '/api/personalCenter/exchangeQuantity': () => ({ quantity: 4, amount: 3900, balance: 8900 }),
    });
    renderRoom();
    const won = await screen.findByTestId('won-items');
    expect(within(won).getAllByTestId('won-item')).toHaveLength(4);
    fireEvent.click(within(won).getByTestId('won-sell-all'));
    await waitFor(() =>
      expect(
        within(won)
          .getAllByTestId('won-item')
          .every((li) => li.dataset.state === 'sold'),
      ).toBe(true),
    );
    expect(callsTo(fetchFn, '/api/personalCenter/exchangeQuantity')[0]!.get('ids')).toBe('101,102,103,104');
  });

  it('takes a battle-state event (32) as the room now is', async () => {
    const waiting = givenBattle();
    serve(5, waiting);
    renderRoom();
    expect((await screen.findByTestId('battle-room')).dataset.state).toBe('0');
    act(() =>
      useLiveStore.getState().applyEvent(32, {
        ...waiting,
        state: 1,
        customerList: [...waiting.customerList, seat(2, { customerId: 30, nickname: '新玩家' })],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('battle-room').dataset.state).toBe('1'));
    expect(within(screen.getAllByTestId('battle-seat')[1]!).getByText('新玩家')).toBeTruthy();
  });
});
