import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminBox, type AdminBoxDetail, type AdminMe } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

beforeEach(() => sessionStorage.setItem('skinfair_admin_token', 'op_whole'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const who = { id: 1, name: 'ops' };

const summary: AdminBox = {
  id: 5,
  name: '测试箱',
  image: null,
  themeId: 1,
  themeName: '热门武器箱',
  boxType: 1,
  priceFen: 1_000,
  enabled: true,
  battleEligible: true,
  version: 1,
  oddsHash: 'a'.repeat(64),
  expectedReturnFen: 880,
  returnRateBp: 8_800,
};
// 60000 × 1000 + 40000 × 700 = 88,000,000 → 880 fen, 88.00% of 10 yuan.
const detail: AdminBoxDetail = {
  ...summary,
  drops: [
    {
      itemId: 11,
      name: 'AK-47 | 红线',
      image: null,
      grade: 3,
      recoveryPriceFen: 1_000,
      weight: 60_000,
      rollLow: 1,
      rollHigh: 60_000,
    },
    {
      itemId: 12,
      name: 'M4A4 | 龙王',
      image: null,
      grade: 2,
      recoveryPriceFen: 700,
      weight: 40_000,
      rollLow: 60_001,
      rollHigh: 100_000,
    },
  ],
  versions: [{ version: 1, oddsHash: 'a'.repeat(64), expectedReturnFen: 880, createdAt: '2026-11-25T08:00:00.000Z' }],
};
const themes = [
  { id: 1, name: '热门武器箱', boxType: 1, weight: 0, boxCount: 3 },
  { id: 2, name: '特色箱子', boxType: 1, weight: 1, boxCount: 0 },
];
const items = [
  {
    id: 21,
    name: 'AWP | 二西莫夫',
    image: null,
    grade: 4,
    referencePriceFen: 5_000,
    recoveryPriceFen: 4_000,
  },
];

function stubBoxes(role: AdminMe['role'] = 'operations', extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/admin/me': () => meAs(role, who),
    '/api/admin/boxes': (params) => (params.get('search') === '没有' ? page([]) : page([summary])),
    '/api/admin/boxes/themes': () => themes,
    '/api/admin/boxes/detail': () => detail,
    '/api/admin/boxes/items': () => page(items),
    ...extra,
  });
}

describe('the Boxes screen', () => {
  it('lists boxes with their version and return rate, and searches and filters on the server', async () => {
    const fetchFn = stubBoxes();
    renderAdmin('/admin/boxes');
    const table = await screen.findByRole('table', { name: '箱子管理' });
    const row = within(table).getByText('测试箱').closest('tr')!;
    expect(within(row).getByText('v1')).toBeTruthy();
    expect(within(row).getByText('88.00%')).toBeTruthy();
    expect(within(row).getByText('可用于对战')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('搜索箱子名称或编号'), { target: { value: '没有' } });
    expect(await screen.findByText('没有符合条件的箱子')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: '0' } });
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/boxes').at(-1)?.get('enabled')).toBe('0'));
    expect(callsTo(fetchFn, '/api/admin/boxes').at(-1)?.get('search')).toBe('没有');
    expect(screen.getByRole('link', { name: '新建箱子' })).toBeTruthy();
  });

  it('creates and renames themes, one form per theme, and shows the saved list', async () => {
    const saved: URLSearchParams[] = [];
    let list = [...themes];
    stubBoxes('operations', {
      '/api/admin/boxes/themes': () => list,
      '/api/admin/boxes/themes/save': (params) => {
        saved.push(params);
        const theme = {
          id: Number(params.get('id') ?? 3),
          name: params.get('name')!,
          boxType: 1,
          weight: Number(params.get('weight')),
          boxCount: 0,
        };
        list = [...list.filter((x) => x.id !== theme.id), theme];
        return list;
      },
    });
    renderAdmin('/admin/boxes');
    fireEvent.click(await screen.findByRole('button', { name: '管理分类' }));
    const panel = await screen.findByRole('region', { name: '箱子分类（首页标签）' });
    expect(within(panel).getByText('箱子数: 3')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('新建分类 分类名称'), { target: { value: '周末特惠' } });
    fireEvent.change(within(panel).getByLabelText('新建分类 排序值'), { target: { value: '7' } });
    fireEvent.click(within(panel).getByRole('button', { name: '新建分类' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.get('id')).toBeNull();
    expect(saved[0]!.get('name')).toBe('周末特惠');
    expect(saved[0]!.get('weight')).toBe('7');
    expect(await within(panel).findByDisplayValue('周末特惠')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('特色箱子 分类名称'), { target: { value: '精选' } });
    fireEvent.click(within(panel).getAllByRole('button', { name: '保存' })[1]!);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.get('id')).toBe('2');
    expect(saved[1]!.get('name')).toBe('精选');
  });

  it('keeps the running sum and the expected return up to date, and publishes only at exactly 100000 after a confirmation', async () => {
    let published: URLSearchParams | null = null;
    const fetchFn = stubBoxes('operations', {
      '/api/admin/boxes/publish': (params) => {
        published = params;
        return { ...detail, version: 2 };
      },
    });
    renderAdmin('/admin/boxes/5');
    expect(await screen.findByRole('heading', { name: '编辑箱子 #5' })).toBeTruthy();
    expect(screen.getByTestId('weight-sum').textContent).toContain('权重合计：100000 / 100000 · 合计正确');
    expect(screen.getByTestId('expected-return').textContent).toBe('期望返还：8.80 元，返还率 88.00%');
    const publish = screen.getByRole('button', { name: '发布新赔率版本' });
    expect((publish as HTMLButtonElement).disabled).toBe(false);

    // 50000 × 10 yuan + 40000 × 7 yuan over 100000 → 7.80 yuan, and 10000 short.
    fireEvent.change(screen.getByLabelText('AK-47 | 红线 的权重'), { target: { value: '50000' } });
    expect(screen.getByTestId('weight-sum').textContent).toContain('权重合计：90000 / 100000 · 还差 10000');
    expect(screen.getByTestId('expected-return').textContent).toBe('期望返还：7.80 元，返还率 78.00%');
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('AK-47 | 红线 的权重'), { target: { value: '70000' } });
    expect(screen.getByTestId('weight-sum').textContent).toContain('超出 10000');
    fireEvent.change(screen.getByLabelText('AK-47 | 红线 的权重'), { target: { value: '1.5' } });
    expect((publish as HTMLButtonElement).disabled).toBe(true);

    // Add an item from the catalogue search and give it the remaining weight.
    fireEvent.change(screen.getByLabelText('AK-47 | 红线 的权重'), { target: { value: '50000' } });
    fireEvent.click(await screen.findByRole('button', { name: '添加 AWP | 二西莫夫' }));
    fireEvent.change(screen.getByLabelText('AWP | 二西莫夫 的权重'), { target: { value: '10000' } });
    expect(screen.getByTestId('weight-sum').textContent).toContain('合计正确');
    // (50000 × 1000 + 40000 × 700 + 10000 × 4000) / 100000 = 1180 fen: 118.00% of 10 yuan.
    expect(screen.getByTestId('expected-return').textContent).toBe('期望返还：11.80 元，返还率 118.00%');

    fireEvent.click(publish);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/将为「测试箱」发布 v2：3 个掉落，期望返还 11.80 元/)).toBeTruthy();
    expect(callsTo(fetchFn, '/api/admin/boxes/publish')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(published).not.toBeNull());
    expect(published!.get('id')).toBe('5');
    expect(published!.get('priceFen')).toBe('1000');
    expect(JSON.parse(published!.get('drops')!)).toEqual([
      { itemId: 11, weight: 50_000 },
      { itemId: 12, weight: 40_000 },
      { itemId: 21, weight: 10_000 },
    ]);
    expect(await screen.findByText('已发布 v2')).toBeTruthy();
  });

  it('shows the server’s refusal, and saves settings with battle eligibility', async () => {
    let updated: URLSearchParams | null = null;
    stubBoxes('operations', {
      '/api/admin/boxes/update': (params) => {
        updated = params;
        return { ...detail, battleEligible: false };
      },
      '/api/admin/boxes/publish': () => refuse(9520, '掉落权重之和必须正好为 100000'),
    });
    renderAdmin('/admin/boxes/5');
    fireEvent.click(await screen.findByLabelText('可用于对战'));
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await waitFor(() => expect(updated?.get('battleEligible')).toBe('false'));
    expect(updated!.get('priceFen')).toBe('1000');
    fireEvent.click(screen.getByRole('button', { name: '发布新赔率版本' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    expect(await screen.findByText('掉落权重之和必须正好为 100000')).toBeTruthy();
  });

  it('shows a read-only editor to a role without boxes.write', async () => {
    // Roles are data (contract admin.ts); none reads boxes without writing them today, so one is made up.
    const onlyRead = { ...meAs('operations', who), role: 'finance' as const };
    stubBoxes('operations', { '/api/admin/me': () => onlyRead });
    renderAdmin('/admin/boxes/5');
    expect(await screen.findByText('你的角色只能查看箱子。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发布新赔率版本' })).toBeNull();
    expect((screen.getByLabelText('AK-47 | 红线 的权重') as HTMLInputElement).readOnly).toBe(true);
  });

  it('creates a box with its first drop list and opens it', async () => {
    let created: URLSearchParams | null = null;
    stubBoxes('operations', {
      '/api/admin/boxes/create': (params) => {
        created = params;
        return { ...detail, id: 9, name: '新箱子' };
      },
    });
    const router = renderAdmin('/admin/boxes/new');
    expect(await screen.findByRole('heading', { name: '新建箱子' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '新箱子' } });
    fireEvent.change(screen.getByLabelText('价格（元）'), { target: { value: '50' } });
    fireEvent.click(await screen.findByRole('button', { name: '添加 AWP | 二西莫夫' }));
    fireEvent.change(screen.getByLabelText('AWP | 二西莫夫 的权重'), { target: { value: '100000' } });
    expect(screen.getByTestId('expected-return').textContent).toBe('期望返还：40 元，返还率 80.00%');
    await waitFor(() => expect((screen.getByLabelText('分类') as HTMLSelectElement).value).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: '创建箱子' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/boxes/9'));
    expect(created!.get('name')).toBe('新箱子');
    expect(created!.get('priceFen')).toBe('5000');
    expect(created!.get('themeId')).toBe('1');
    expect(JSON.parse(created!.get('drops')!)).toEqual([{ itemId: 21, weight: 100_000 }]);
  });
});
