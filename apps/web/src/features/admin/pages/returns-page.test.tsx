import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminBoxReturn } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const who = { id: 7, name: 'ops' };
const base = {
  window: 1_000,
  minOpenings: 30,
  enabled: true,
  image: null,
  priceFen: 1_000,
  version: 3,
  declaredReturn: 0.9,
  openingSd: 1.5,
};
const leaking: AdminBoxReturn = {
  ...base,
  boxId: 12,
  name: '龙狙箱',
  openings: 1_000,
  realisedReturn: 1.2,
  band95: { low: 0.807033, high: 0.992967 },
  alertBand: { low: 0.757697, high: 1.042303 },
  alert: true,
  wonFen: 1_200_000,
  paidFen: 1_000_000,
};
const fine: AdminBoxReturn = {
  ...base,
  boxId: 13,
  name: '手枪箱',
  enabled: false,
  openings: 12,
  realisedReturn: 0.5,
  band95: { low: 0.051, high: 1.749 },
  alertBand: { low: 0, high: 2.199 },
  alert: false,
  wonFen: 6_000,
  paidFen: 12_000,
};
const fresh: AdminBoxReturn = {
  ...base,
  boxId: 14,
  name: '新箱子',
  openings: 0,
  realisedReturn: null,
  band95: null,
  alertBand: null,
  alert: false,
  wonFen: 0,
  paidFen: 0,
};

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

describe('the live return screen', () => {
  it('shows each box’s declared and realised return, its bands and an alert badge, and filters by name, alerts and window', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/returns': () => page([leaking, fine, fresh]),
    });
    renderAt('/admin/returns');
    const alertRow = (await screen.findByText('龙狙箱')).closest('tr')!;
    expect(within(alertRow).getByText('超出区间')).toBeTruthy();
    expect(within(alertRow).getByText('90.00%')).toBeTruthy();
    expect(within(alertRow).getByText('120.00%')).toBeTruthy();
    expect(within(alertRow).getByText('80.70% – 99.30%')).toBeTruthy();
    expect(within(alertRow).getByText('75.77% – 104.23%')).toBeTruthy();
    expect(within(alertRow).getByText('1000 / 1000')).toBeTruthy();
    expect(within(alertRow).getByRole('img', { name: '申报 90.00%，实际 120.00%，告警区间 75.77%–104.23%' })).toBeTruthy();
    const fewRow = screen.getByText('手枪箱').closest('tr')!;
    expect(within(fewRow).getByText('样本不足（少于 30 次）')).toBeTruthy();
    expect(within(fewRow).getByText('已停用')).toBeTruthy();
    const freshRow = screen.getByText('新箱子').closest('tr')!;
    expect(within(freshRow).getByText('暂无开箱')).toBeTruthy();
    expect(within(freshRow).queryByRole('img')).toBeNull();
    expect(screen.getByText(/当前期望返奖率 = 当前赔率版本 Σ\(权重 × 今日回收价\)/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('箱子名称或ID'), { target: { value: '龙' } });
    fireEvent.change(screen.getByLabelText('告警'), { target: { value: 'only' } });
    fireEvent.change(screen.getByLabelText('统计开箱次数'), { target: { value: '10000' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/returns').at(-1)!;
      expect([last.get('search'), last.get('alerts'), last.get('window'), last.get('page')]).toEqual(['龙', 'only', '10000', '1']);
    });
  });

  it('says why the list failed to load', async () => {
    stubApi({
      '/api/admin/me': () => meAs('admin', who),
      '/api/admin/returns': () => refuse(1001, '参数错误'),
    });
    renderAt('/admin/returns');
    expect((await screen.findByRole('alert')).textContent).toContain('参数错误');
  });

  it('is in the menu of roles with boxes.read only', async () => {
    stubApi({ '/api/admin/me': () => meAs('operations', who), '/api/admin/returns': () => page([]) });
    renderAt('/admin/returns');
    expect(await screen.findByRole('link', { name: '实时返奖率' })).toBeTruthy();
    expect(await screen.findByText('没有符合条件的箱子')).toBeTruthy();
  });

  it('is not in the menu of a role without boxes.read', async () => {
    stubApi({ '/api/admin/me': () => meAs('finance', who), '/api/admin/deposits': () => page([]) });
    renderAt('/admin/deposits');
    await screen.findByRole('link', { name: '充值订单' });
    expect(screen.queryByRole('link', { name: '实时返奖率' })).toBeNull();
  });
});
