import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventActivity, EventLeaderboard, EventList } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import EventPage from './event-page';

const now = Date.parse('2026-11-25T06:00:00Z');
const task = (over: Partial<EventActivity> = {}): EventActivity => ({
  id: 1,
  kind: 'task',
  metric: 'box_opens',
  period: 'day',
  title: '今日开启3个箱子',
  rules: '每人每天限领一次，次日0点重置。',
  target: 3,
  rewardKind: 'point',
  rewardFen: 100,
  prizesFen: [],
  periodStart: '2026-11-24T16:00:00.000Z',
  periodEnd: '2026-11-25T16:00:00.000Z',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  progress: null,
  ...over,
});
const board = (over: Partial<EventActivity> = {}): EventActivity =>
  task({
    id: 5,
    kind: 'leaderboard',
    period: 'week',
    title: '本周开箱榜',
    target: 0,
    rewardFen: 0,
    prizesFen: [8_800, 5_800, 2_800],
    periodStart: '2026-11-22T16:00:00.000Z',
    periodEnd: '2026-11-29T16:00:00.000Z',
    ...over,
  });
const list = (activities: EventActivity[]): EventList => ({ serverTime: new Date(now).toISOString(), activities });
const ranking: EventLeaderboard = {
  eventId: 5,
  metric: 'box_opens',
  rewardKind: 'point',
  prizesFen: [8_800, 5_800, 2_800],
  periodStart: '2026-11-22T16:00:00.000Z',
  periodEnd: '2026-11-29T16:00:00.000Z',
  current: [{ place: 1, customerId: 7, nickname: '开箱王', headPic: null, value: 42, prizeFen: 8_800 }],
  previous: [],
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeToken();
  useOverlayStore.getState().closeAll();
});

describe('event page', () => {
  it('shows a guest the tasks with rules and a countdown, and sends the claim to login', async () => {
    vi.useFakeTimers({ now, shouldAdvanceTime: true });
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/event/list': () => list([task(), board()]),
      '/api/event/leaderboard': () => ranking,
    });
    renderWithProviders(<EventPage />, '/event');
    const card = await screen.findByTestId('event-task');
    expect(card.textContent).toContain('今日开启3个箱子');
    expect(card.textContent).toContain('+1 积分');
    expect(card.textContent).toContain('每人每天限领一次');
    // Ten hours to Beijing midnight, give or take the seconds the test itself takes.
    expect(within(card).getByTestId('event-countdown').textContent).toMatch(/^距结束 (10:00:00|09:59:\d\d)$/);
    expect(within(card).queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(card).getByTestId('event-login'));
    expect(useOverlayStore.getState().open.login).toBe(true);
  });

  it('shows my progress and claims a completed task once, then shows it claimed', async () => {
    setToken('tok');
    let claimed = false;
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/event/list': () =>
        list([
          task({ progress: { value: 3, target: 3, completed: true, claimed, place: null } }),
          task({
            id: 2,
            metric: 'dreams',
            title: '今日参与1次追梦',
            target: 1,
            progress: { value: 0, target: 1, completed: false, claimed: false, place: null },
          }),
        ]),
      '/api/event/claimTask': () => {
        claimed = true;
        return { taskId: 1, rewardKind: 'point', rewardFen: 100, balanceFen: 100 };
      },
    });
    renderWithProviders(<EventPage />, '/event');
    const [open3, dream] = await screen.findAllByTestId('event-task');
    expect(within(open3!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    expect((within(dream!).getByTestId('event-claim') as HTMLButtonElement).disabled).toBe(true);
    expect(within(dream!).getByTestId('event-claim').textContent).toContain('未完成');
    fireEvent.click(within(open3!).getByTestId('event-claim'));
    await waitFor(() => expect(within(screen.getAllByTestId('event-task')[0]!).getByTestId('event-claim').textContent).toContain('已领取'));
    expect((within(screen.getAllByTestId('event-task')[0]!).getByTestId('event-claim') as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchFn, '/api/event/claimTask').map((p) => p.get('taskId'))).toEqual(['1']);
  });

  it('shows the leaderboard with its prizes and my place', async () => {
    setToken('tok');
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/event/list': () => list([board({ progress: { value: 42, target: 0, completed: false, claimed: false, place: 1 } })]),
      '/api/event/leaderboard': () => ranking,
    });
    renderWithProviders(<EventPage />, '/event');
    const section = await screen.findByTestId('event-leaderboard');
    expect(section.textContent).toContain('第1名 88 积分');
    expect(within(section).getByTestId('event-my-rank').textContent).toContain('第1名');
    const table = await within(section).findByTestId('event-rank-current');
    expect(table.textContent).toContain('开箱王');
    expect(table.textContent).toContain('42');
  });

  it('says so when no activity runs, and offers a retry when the list fails', async () => {
    stubApi({ '/api/common/sysConfig': () => sysConfigFixture, '/api/event/list': () => list([]) });
    const first = renderWithProviders(<EventPage />, '/event');
    expect(await screen.findByText('暂无活动')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    stubApi({ '/api/common/sysConfig': () => sysConfigFixture, '/api/event/list': () => refuse(1, '系统繁忙') });
    renderWithProviders(<EventPage />, '/event');
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });
});
