import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ProtectionState } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../../test/render';
import { removeToken, setToken } from '../../shared/storage/token';
import ProtectionPage from './pages/protection-page';
import { yuanToFen } from './protection-format';

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
});

const kinds = ['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'session_minutes'] as const;
const blank = (): ProtectionState => ({
  limits: kinds.map((kind) => ({
    kind,
    value: null,
    pendingValue: null,
    pendingAt: null,
    usedNow: 0,
    resetsAt: kind === 'session_minutes' ? null : '2026-11-25T16:00:00.000Z',
  })),
  exclusion: null,
});

describe('/personal/protection', () => {
  it('shows the limits in force, a pending raise with its time, and sends a new limit in fen after a confirmation', async () => {
    setToken('tok');
    const state = blank();
    state.limits[0] = {
      ...state.limits[0]!,
      value: 50_000,
      pendingValue: 90_000,
      pendingAt: '2026-11-26T04:00:00.000Z',
      usedNow: 12_000,
    };
    const fetchFn = stubApi({
      '/api/protection/state': () => state,
      '/api/protection/setLimit': (params) => {
        const next = blank();
        next.limits[3] = { ...next.limits[3]!, value: Number(params.get('value')) };
        return next;
      },
    });
    renderWithProviders(<ProtectionPage />);
    const row = await screen.findByTestId('limit-deposit_day');
    expect(within(row).getByTestId('limit-deposit_day-value').textContent).toBe('¥500');
    expect(within(row).getByTestId('limit-deposit_day-pending').textContent).toBe('提高至 ¥900，将于 2026-11-26 12:00 生效');
    expect(row.textContent).toContain('2026-11-26 00:00 重置');

    const loss = screen.getByTestId('limit-loss_day');
    fireEvent.change(within(loss).getByLabelText('每日亏损限额'), { target: { value: '12.5x' } });
    fireEvent.click(within(loss).getByRole('button', { name: '保存' }));
    expect(within(loss).getByRole('alert').textContent).toContain('最多两位小数');
    fireEvent.change(within(loss).getByLabelText('每日亏损限额'), { target: { value: '200.5' } });
    fireEvent.click(within(loss).getByRole('button', { name: '保存' }));
    const dialog = await screen.findByTestId('limit-confirm');
    expect(dialog.textContent).toContain('立即生效');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await vi.waitFor(() => expect(callsTo(fetchFn, '/api/protection/setLimit')).toHaveLength(1));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/protection/setLimit')[0]!)).toEqual({
      kind: 'loss_day',
      value: '20050',
    });
    expect((await screen.findByTestId('limit-loss_day-value')).textContent).toBe('¥200.50');
  });

  it('asks before a self-exclusion, saying it cannot be undone, and then shows it with no way to end it', async () => {
    setToken('tok');
    const fetchFn = stubApi({
      '/api/protection/state': () => blank(),
      '/api/protection/selfExclude': () => ({
        ...blank(),
        exclusion: {
          kind: 'self_exclusion',
          startedAt: '2026-11-25T04:00:00.000Z',
          until: '2027-11-25T04:00:00.000Z',
        },
      }),
    });
    renderWithProviders(<ProtectionPage />);
    await screen.findByTestId('protection-page');
    // The second 期限 is the self-exclusion's.
    fireEvent.change(screen.getAllByLabelText('期限')[1]!, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('self-exclude-start'));
    const dialog = await screen.findByTestId('exclusion-confirm');
    expect(dialog.textContent).toContain('无法撤销');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    const banner = await screen.findByTestId('protection-exclusion');
    expect(banner.textContent).toContain('您已自我排除，将于 2027-11-25 12:00（北京时间）结束');
    expect(screen.queryByTestId('self-exclude-start')).toBeNull();
    expect(Object.fromEntries(callsTo(fetchFn, '/api/protection/selfExclude')[0]!)).toEqual({
      months: '12',
      confirm: 'true',
    });
  });

  it('asks to log in when logged out, and asks the server nothing', async () => {
    const fetchFn = stubApi({ '/api/protection/state': () => blank() });
    renderWithProviders(<ProtectionPage />);
    expect(await screen.findByRole('heading', { name: '安全游戏设置' })).toBeTruthy();
    expect(screen.queryByTestId('protection-page')).toBeNull();
    expect(callsTo(fetchFn, '/api/protection/state')).toHaveLength(0);
  });
});

describe('yuanToFen', () => {
  it('reads yuan with at most two decimals as integer fen', () => {
    expect(yuanToFen('500')).toBe(50_000);
    expect(yuanToFen(' 0.07 ')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1_999);
    expect(yuanToFen('0')).toBeNull();
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-5')).toBeNull();
  });
});
