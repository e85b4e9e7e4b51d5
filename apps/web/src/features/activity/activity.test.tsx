import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ActivitySession, ActivitySummary } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { removeToken, setToken } from '../../shared/storage/token';
import RealityCheck from './components/reality-check';
import ActivityPage from './pages/activity-page';

const now = new Date('2026-03-10T04:00:00.000Z');
const MIN = 60_000;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeToken();
  window.localStorage.clear();
});

/** The session answer as the server gives it at the browser's current (fake) time. */
function sessionAnswer(startedMinutesAgo: number, over: Partial<ActivitySession> = {}) {
  const start = new Date(now.getTime() - startedMinutesAgo * MIN).toISOString();
  return (): ActivitySession => {
    const elapsedSeconds = Math.floor((Date.now() - Date.parse(start)) / 1000);
    return {
      sessionStart: start,
      serverTime: new Date().toISOString(),
      elapsedSeconds,
      stakesFen: 5_000,
      returnsFen: 3_766,
      netResultFen: -1_234,
      intervalMinutes: 15,
      checksDue: Math.floor(elapsedSeconds / 900),
      nextCheckAt: null,
      ...over,
    };
  };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('reality check dialog', () => {
  it('opens after the interval of the login session, shows time played and the net result; 继续 re-arms it', async () => {
    vi.useFakeTimers({ now, shouldAdvanceTime: true });
    setToken('tok');
    stubApi({ '/api/activity/session': sessionAnswer(5) });
    const onStop = vi.fn();
    renderWithProviders(<RealityCheck onStop={onStop} />);
    await advance(9 * MIN);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(1 * MIN + 1_000);
    const dialog = await screen.findByTestId('reality-check');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('现实提醒')).toBeTruthy();
    expect(within(dialog).getByTestId('reality-check-time').textContent).toBe('0 小时 15 分钟');
    expect(within(dialog).getByTestId('reality-check-net').textContent).toBe('-¥12.34');
    expect(dialog.textContent).toContain('返还 ¥37.66 − 支出 ¥50');

    fireEvent.click(within(dialog).getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(14 * MIN);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(1 * MIN + 1_000);
    expect(within(await screen.findByTestId('reality-check')).getByTestId('reality-check-time').textContent).toBe('0 小时 30 分钟');
    expect(onStop).not.toHaveBeenCalled();
  });

  it('Esc continues; 停止 asks app/ to stop (log out)', async () => {
    vi.useFakeTimers({ now, shouldAdvanceTime: true });
    setToken('tok');
    stubApi({ '/api/activity/session': sessionAnswer(14) });
    const onStop = vi.fn();
    renderWithProviders(<RealityCheck onStop={onStop} />);
    await advance(1 * MIN + 1_000);
    const dialog = await screen.findByTestId('reality-check');
    // Focus starts inside the dialog (the trap keeps it there).
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('reality-check')).toBeNull();
    expect(onStop).not.toHaveBeenCalled();

    await advance(15 * MIN);
    fireEvent.click(within(await screen.findByTestId('reality-check')).getByTestId('reality-check-stop'));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('after a reload, a check already due opens at once and an answered one waits for the next interval', async () => {
    vi.useFakeTimers({ now, shouldAdvanceTime: true });
    setToken('tok');
    stubApi({ '/api/activity/session': sessionAnswer(40) });
    const first = renderWithProviders(<RealityCheck onStop={() => {}} />);
    fireEvent.click(within(await screen.findByTestId('reality-check')).getByTestId('reality-check-continue'));
    first.unmount();

    // The "reload": the answer at 40 minutes is remembered; the next check is at 45.
    renderWithProviders(<RealityCheck onStop={() => {}} />);
    await advance(4 * MIN);
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await advance(1 * MIN + 1_000);
    expect(await screen.findByTestId('reality-check')).toBeTruthy();
  });

  it('stays closed when the player has reality checks off', async () => {
    vi.useFakeTimers({ now, shouldAdvanceTime: true });
    setToken('tok');
    const fetchFn = stubApi({ '/api/activity/session': sessionAnswer(200, { intervalMinutes: 0 }) });
    renderWithProviders(<RealityCheck onStop={() => {}} />);
    await advance(180 * MIN);
    expect(callsTo(fetchFn, '/api/activity/session').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('reality-check')).toBeNull();
  });
});

const bucket = (key: string, depositsFen = 0, stakesFen = 0, returnsFen = 0) => ({
  key,
  depositsFen,
  stakesFen,
  returnsFen,
  netResultFen: returnsFen - stakesFen,
});
function summary(period: 'day' | 'month', buckets: ReturnType<typeof bucket>[]): ActivitySummary {
  const sum = (f: 'depositsFen' | 'stakesFen' | 'returnsFen') => buckets.reduce((n, b) => n + b[f], 0);
  return {
    period,
    buckets,
    totals: {
      depositsFen: sum('depositsFen'),
      stakesFen: sum('stakesFen'),
      returnsFen: sum('returnsFen'),
      netResultFen: sum('returnsFen') - sum('stakesFen'),
    },
  };
}

describe('my activity page', () => {
  it('shows totals and a table by day, switches to months, and saves the reality check interval', async () => {
    setToken('tok');
    let interval = 0;
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/activity/summary': (p) =>
        p.get('period') === 'month'
          ? summary('month', [bucket('2026-02'), bucket('2026-03', 10_000, 8_000, 2_500)])
          : summary('day', [bucket('2026-03-09', 10_000, 5_000, 1_000), bucket('2026-03-10', 0, 3_000, 1_500)]),
      '/api/activity/realityCheck': (p, init) => {
        if (init?.method === 'POST') interval = Number(p.get('intervalMinutes'));
        return { intervalMinutes: interval };
      },
    });
    renderWithProviders(<ActivityPage />, '/personal/activity');
    const table = await screen.findByTestId('activity-table');
    expect(callsTo(fetchFn, '/api/activity/summary')[0]!.get('days')).toBe('30');
    const rows = within(table).getAllByRole('row');
    // Newest first, then the total.
    expect(rows[1]!.textContent).toBe('2026-03-10¥0¥30¥15-¥15');
    expect(rows[2]!.textContent).toBe('2026-03-09¥100¥50¥10-¥40');
    expect(within(table).getByTestId('activity-totals').textContent).toBe('合计¥100¥80¥25-¥55');
    expect(screen.getByTestId('activity-total-net').textContent).toBe('-¥55');
    expect(table.querySelector('caption')?.textContent).toBe('按天统计的充值、支出、返还和净结果');

    fireEvent.click(screen.getByRole('tab', { name: '近 12 个月' }));
    expect(await screen.findByText('2026-02')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/activity/summary').at(-1)!.get('months')).toBe('12');

    const select = (await screen.findByLabelText('提醒间隔')) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      '关闭',
      '15 分钟',
      '30 分钟',
      '45 分钟',
      '60 分钟',
      '90 分钟',
      '120 分钟',
    ]);
    fireEvent.change(select, { target: { value: '45' } });
    expect(await screen.findByText('已保存提醒间隔')).toBeTruthy();
    expect(callsTo(fetchFn, '/api/activity/realityCheck').some((p) => p.get('intervalMinutes') === '45')).toBe(true);
    expect(screen.getByRole('link', { name: '了解理性娱乐和可以求助的地方' }).getAttribute('href')).toBe('/safer-play');
  });

  it('says when there is nothing in the period, and offers a retry when loading fails', async () => {
    setToken('tok');
    let fail = true;
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/activity/summary': () => (fail ? refuse(1001, '参数错误') : summary('day', [bucket('2026-03-10')])),
      '/api/activity/realityCheck': () => ({ intervalMinutes: 0 }),
    });
    renderWithProviders(<ActivityPage />, '/personal/activity');
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('这段时间没有充值或游戏记录。')).toBeTruthy();
    expect(screen.queryByTestId('activity-table')).toBeNull();
  });
});
