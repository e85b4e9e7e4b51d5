import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rolePermissions, type AdminMe, type DashboardDay, type DashboardResult } from '@skinfair/contract';
import { callsTo, stubApi } from '../../../test/render';
import { renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const me: AdminMe = {
  id: 7,
  name: 'money',
  role: 'finance',
  enrolled: true,
  disabled: false,
  mustChangePassword: false,
  passwordExpiresAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  permissions: [...rolePermissions.finance],
  idleExpiresAt: '2026-11-25T09:00:00.000Z',
};
const day = (d: string, over: Partial<DashboardDay> = {}): DashboardDay => ({
  day: d,
  depositCount: 0,
  depositFen: 0,
  sandboxDepositCount: 0,
  sandboxDepositFen: 0,
  withdrawalsRequested: 0,
  withdrawalsDelivered: 0,
  openings: 0,
  battles: 0,
  dreams: 0,
  ggrFen: 0,
  newPlayers: 0,
  ...over,
});
const today = day('2026-11-25', {
  depositCount: 3,
  depositFen: 123_450,
  withdrawalsRequested: 4,
  withdrawalsDelivered: 2,
  openings: 57,
  battles: 6,
  dreams: 9,
  ggrFen: -2_050,
  newPlayers: 11,
});
const result = (days: number): DashboardResult => ({
  days: [...Array.from({ length: days - 1 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, { openings: i })), today],
  today,
  onlineNow: 42,
  warnings: [],
});

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!.querySelector('dd')!.textContent;

describe('the dashboard screen', () => {
  it('shows today as cards and draws the charts by day', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => me,
      '/api/admin/dashboard': (params) => result(Number(params.get('days'))),
    });
    renderAt('/admin/dashboard');
    expect(await screen.findByText('今日（2026-11-25，北京时间）')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '数据概览' })).toBeTruthy();
    expect(document.title).toBe('数据概览 - Skinfair 管理后台');
    expect(card('充值')).toBe('1234.50 · 3 笔');
    expect(card('提货')).toBe('申请 4 / 已发货 2');
    expect(card('毛收入（GGR）')).toBe('-20.50');
    expect(card('当前在线')).toBe('42');
    expect(card('开箱')).toBe('57');
    expect(card('新玩家')).toBe('11');
    expect(callsTo(fetchFn, '/api/admin/dashboard').map((p) => p.get('days'))).toEqual(['14']);
    // Three charts, each an SVG drawn by recharts at the fallback width (jsdom has no layout).
    for (const title of ['每日充值与毛收入（元）', '每日游戏与新玩家', '每日提货'])
      expect(screen.getByRole('figure', { name: title }).querySelector('svg.recharts-surface')).toBeTruthy();
    expect(screen.queryByText('下一阶段', { selector: 'p' })).toBeNull();
    // No sandbox payment in the range: no sandbox card.
    expect(screen.queryByText('沙盒充值（测试资金，不计入充值）', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns in red while the customer-service contact is an example address, linking to where it is set', async () => {
    stubApi({
      '/api/admin/me': () => me,
      '/api/admin/dashboard': () => ({ ...result(14), warnings: ['supportContact'] }),
    });
    renderAt('/admin/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('客服邮箱或在线客服链接仍是示例地址');
    expect(alert.querySelector('a')!.getAttribute('href')).toBe('/admin/content?tab=site');
  });

  it('warns in red while images fall back to the foreign host, saying how to stop it', async () => {
    stubApi({
      '/api/admin/me': () => me,
      '/api/admin/dashboard': () => ({ ...result(14), warnings: ['imageFallback'] }),
    });
    renderAt('/admin/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('第三方图床');
    expect(alert.textContent).toContain('IMAGE_FALLBACK=false');
    expect(alert.querySelector('a')).toBeNull();
  });

  it('shows sandbox payments apart, labelled, and never in the deposits card', async () => {
    const sandboxToday = { ...today, sandboxDepositCount: 2, sandboxDepositFen: 50_000 };
    stubApi({
      '/api/admin/me': () => me,
      '/api/admin/dashboard': () => ({ ...result(14), days: [...result(14).days.slice(0, -1), sandboxToday], today: sandboxToday }),
    });
    renderAt('/admin/dashboard');
    await screen.findByText('今日（2026-11-25，北京时间）');
    expect(card('充值')).toBe('1234.50 · 3 笔');
    expect(card('沙盒充值（测试资金，不计入充值）')).toBe('500 · 2 笔');
  });

  it('asks for another range of days', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => me,
      '/api/admin/dashboard': (params) => result(Number(params.get('days'))),
    });
    renderAt('/admin/dashboard');
    await screen.findByText('今日（2026-11-25，北京时间）');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '90' } });
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/dashboard').map((p) => p.get('days'))).toEqual(['14', '90']));
  });
});
