import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminBattle,
  type AdminBattleDetail,
  type AdminBot,
  type AdminDreamSettings,
  type AdminGiveaway,
  type AdminGiveawayDetail,
} from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

// The page is a lazy chunk and a loaded CI machine may take over a second to load and render it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const who = { id: 9, name: 'games-op' };

const waiting: AdminBattle = {
  id: 41,
  code: 'abcDEF123',
  title: '周末对决',
  mode: 0,
  state: 'waiting',
  seats: 3,
  seatsTaken: 2,
  entryPriceFen: 1_250,
  private: false,
  creatorId: 100_001,
  createdAt: '2026-11-25T05:00:00.000Z',
  lockedAt: null,
  endedAt: null,
  winnerSeat: null,
  cancellable: true,
};
const battleDetail = (b: AdminBattle, refunded = 0): AdminBattleDetail => ({
  battle: b,
  publicHash: 'ab'.repeat(32),
  targetRound: null,
  randomness: null,
  boxes: [{ round: 1, boxId: 1, boxName: '新手箱', priceFen: 1_250, version: 1 }],
  seats: [
    {
      seat: 1,
      userId: 100_001,
      botId: null,
      nickname: '玩家甲',
      coinFen: 1_250,
      pointFen: 0,
      totalFen: 0,
      winner: false,
    },
    {
      seat: 2,
      userId: 100_002,
      botId: null,
      nickname: '玩家乙',
      coinFen: 250,
      pointFen: 1_000,
      totalFen: 0,
      winner: false,
    },
  ],
  rolls: [],
  refundedCoinFen: refunded ? 1_500 : 0,
  refundedPointFen: refunded ? 1_000 : 0,
});
const room: AdminGiveaway = {
  id: 7,
  kind: 'official',
  state: 'running',
  title: '官方周末福利',
  creatorId: null,
  openTime: '2026-11-25T12:00:00.000Z',
  createdAt: '2026-11-25T05:00:00.000Z',
  prizeCount: 2,
  poolValueFen: 20_000,
  entryCount: 3,
  private: false,
  demo: false,
  cancellable: true,
};
const roomDetail = (g: AdminGiveaway): AdminGiveawayDetail => ({
  giveaway: g,
  remark: '',
  banner: null,
  conditions: {
    minDepositFen: 0,
    depositStart: null,
    depositEnd: null,
    promotionUserId: null,
    minVipGrade: 0,
  },
  publicHash: 'cd'.repeat(32),
  targetRound: 123,
  entriesHash: null,
  drawnAt: null,
  prizes: [
    {
      position: 1,
      itemId: 5,
      itemName: 'AK-47 | 红线',
      valueFen: 15_000,
      source: 'stock',
      stockId: 12,
      winnerUserId: null,
      winnerEntryNo: null,
    },
    {
      position: 2,
      itemId: 6,
      itemName: 'P250 | 沙丘',
      valueFen: 5_000,
      source: 'stock',
      stockId: 30,
      winnerUserId: null,
      winnerEntryNo: null,
    },
  ],
});
const defaults = {
  minProbability: 5_000,
  maxProbability: 75_000,
  returnRateBp: 9_500,
  minTargetPriceFen: 100,
  maxTargetPriceFen: 10_000_000,
};
const dream: AdminDreamSettings = { current: defaults, defaults, overridden: false, updatedAt: null };
const bots: AdminBot[] = [
  { id: 1, nickname: '机器人·阿尔法', headPic: null, enabled: true, played: 10, won: 4, profitFen: 1_200 },
  { id: 2, nickname: '机器人·贝塔', headPic: null, enabled: false, played: 0, won: 0, profitFen: 0 },
];

const renderAt = (path: string) => renderAdmin(path, { token: 'op_whole' });

describe('the games screen: battles', () => {
  it('lists battles, filters by state, mode, player and days, and cancels a waiting one with a reason', async () => {
    let cancelled = false;
    const current = () => (cancelled ? { ...waiting, state: 'cancelled' as const, cancellable: false } : waiting);
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/games/battles': () => page([current()], 2),
      '/api/admin/games/battles/detail': () => battleDetail(current(), cancelled ? 1 : 0),
      '/api/admin/games/battles/cancel': () => {
        cancelled = true;
        return battleDetail(current(), 1);
      },
    });
    renderAt('/admin/games');
    const row = (await screen.findByText('周末对决')).closest('tr')!;
    expect(within(row).getByText('2/3')).toBeTruthy();
    expect(within(row).getByText('等待加入')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('对战状态'), { target: { value: 'running' } });
    fireEvent.change(screen.getByLabelText('模式'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('玩家ID'), { target: { value: '100001' } });
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-25' } });
    await waitFor(() => {
      const last = callsTo(fetchFn, '/api/admin/games/battles').at(-1)!;
      expect([last.get('state'), last.get('mode'), last.get('playerId'), last.get('from'), last.get('to'), last.get('page')]).toEqual([
        'running',
        '1',
        '100001',
        '2026-11-01',
        '2026-11-25',
        '1',
      ]);
    });

    fireEvent.click(within((await screen.findByText('周末对决')).closest('tr')!).getByRole('button', { name: '详情' }));
    const panel = await screen.findByRole('region', { name: '对战 #41' });
    expect(await within(panel).findByText(/玩家乙 \(100002\)/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: '取消并退款' }));
    const dialog = await screen.findByRole('dialog', { name: '取消对战 #41' });
    const confirm = within(dialog).getByRole('button', { name: '取消并退款' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '标题违规' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/battles/cancel')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/games/battles/cancel')[0]!;
    expect([sent.get('id'), sent.get('reason')]).toEqual(['41', '标题违规']);
    expect(await screen.findByText('已退款：金币 15，积分 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消并退款' })).toBeNull();
  });

  it('shows the server’s refusal when the draw has started', async () => {
    stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/games/battles': () => page([waiting]),
      '/api/admin/games/battles/detail': () => battleDetail(waiting),
      '/api/admin/games/battles/cancel': () => refuse(6002, '对战已开始或已结束'),
    });
    renderAt('/admin/games');
    fireEvent.click(await screen.findByRole('button', { name: '详情' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消并退款' }));
    const dialog = await screen.findByRole('dialog', { name: '取消对战 #41' });
    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '标题违规' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消并退款' }));
    expect(await screen.findByText('对战已开始或已结束')).toBeTruthy();
  });

  it('offers support (read only) no cancel, no new giveaway, no dream save and no bot changes', async () => {
    stubApi({
      '/api/admin/me': () => meAs('support', who),
      '/api/admin/games/battles': () => page([waiting]),
      '/api/admin/games/battles/detail': () => battleDetail(waiting),
      '/api/admin/games/giveaways': () => page([room]),
      '/api/admin/games/dream': () => dream,
      '/api/admin/games/bots': () => bots,
    });
    renderAt('/admin/games');
    fireEvent.click(await screen.findByRole('button', { name: '详情' }));
    expect(await screen.findByRole('region', { name: '对战 #41' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消并退款' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '福利屋' }));
    expect(await screen.findByText('官方周末福利')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '创建官方福利屋' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '追梦设置' }));
    expect(((await screen.findByLabelText('返还率（基点，9500 = 95%）')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '机器人' }));
    expect(await screen.findByText('机器人·阿尔法')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '停用' })).toBeNull();
  });
});

describe('the games screen: giveaways', () => {
  it('creates an official giveaway from chosen stock lines and cancels a room with a reason', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('admin', who),
      '/api/admin/games/battles': () => page([]),
      '/api/admin/games/giveaways': () => page([room]),
      '/api/admin/games/giveaways/detail': () => roomDetail(room),
      '/api/admin/games/giveaways/stock': () => [
        { stockId: 12, itemId: 5, itemName: 'AK-47 | 红线', valueFen: 15_000, stock: 4 },
        { stockId: 30, itemId: 6, itemName: 'P250 | 沙丘', valueFen: 5_000, stock: 9 },
      ],
      '/api/admin/games/giveaways/create': () => roomDetail({ ...room, id: 8 }),
      '/api/admin/games/giveaways/cancel': () => roomDetail({ ...room, state: 'cancelled', cancellable: false }),
    });
    renderAt('/admin/games');
    const tab = await screen.findByRole('tab', { name: '对战' });
    // Arrow keys move between the tabs.
    fireEvent.keyDown(tab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '福利屋' }).getAttribute('aria-selected')).toBe('true');
    const row = (await screen.findByText('官方周末福利')).closest('tr')!;
    expect(within(row).getByText('200')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('类型'), { target: { value: 'official' } });
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/giveaways').at(-1)!.get('kind')).toBe('official'));

    fireEvent.click(screen.getByRole('button', { name: '创建官方福利屋' }));
    const dialog = await screen.findByRole('dialog', { name: '创建官方福利屋' });
    const submit = within(dialog).getByRole('button', { name: '创建' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '控制台福利' } });
    const line = (await within(dialog).findByLabelText('库存行')) as HTMLSelectElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '添加奖品' }));
    fireEvent.change(line, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加奖品' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '添加奖品' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '移除奖品 3' }));
    fireEvent.change(within(dialog).getByLabelText('最低 VIP 等级'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('最低充值（元，0 为不限）'), { target: { value: '50' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/giveaways/create')).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/games/giveaways/create')[0]!;
    expect([sent.get('title'), sent.get('stockIds'), sent.get('minVipGrade'), sent.get('minDepositFen')]).toEqual([
      '控制台福利',
      '12,30',
      '2',
      '5000',
    ]);
    expect(Date.parse(sent.get('openTime')!)).toBeGreaterThan(Date.now());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '创建官方福利屋' })).toBeNull());

    fireEvent.click(within((await screen.findByText('官方周末福利')).closest('tr')!).getByRole('button', { name: '详情' }));
    const panel = await screen.findByRole('region', { name: '福利屋 #7' });
    expect(await within(panel).findByText(/AK-47 \| 红线 · 150 · 商城库存 #12/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: '取消并退款' }));
    const reason = await screen.findByRole('dialog', { name: '取消福利屋 #7' });
    fireEvent.change(within(reason).getByLabelText(/原因/), { target: { value: '奖品配置错误' } });
    fireEvent.click(within(reason).getByRole('button', { name: '取消并退款' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/giveaways/cancel')).toHaveLength(1));
    expect(callsTo(fetchFn, '/api/admin/games/giveaways/cancel')[0]!.get('reason')).toBe('奖品配置错误');
  });
});

describe('the games screen: dream settings and bots', () => {
  it('edits the dream settings, refuses min above max before sending, and saves', async () => {
    let saved: AdminDreamSettings = dream;
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/games/battles': () => page([]),
      '/api/admin/games/dream': (params, init) => {
        if (init?.method === 'POST') {
          const current = Object.fromEntries([...params.entries()].map(([k, v]) => [k, Number(v)])) as typeof defaults;
          saved = { current, defaults, overridden: true, updatedAt: '2026-11-25T07:00:00.000Z' };
        }
        return saved;
      },
    });
    renderAt('/admin/games');
    fireEvent.click(await screen.findByRole('tab', { name: '追梦设置' }));
    const rate = (await screen.findByLabelText('返还率（基点，9500 = 95%）')) as HTMLInputElement;
    expect(rate.value).toBe('9500');
    expect(screen.getByText('当前使用环境变量默认值')).toBeTruthy();
    const save = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;

    fireEvent.change(screen.getByLabelText('最低成功概率（1/100000）'), { target: { value: '80000' } });
    expect(await screen.findByText('最低值不能高于最高值')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('最低成功概率（1/100000）'), { target: { value: '1000' } });
    fireEvent.change(rate, { target: { value: '8000' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/dream').filter((p) => p.has('returnRateBp'))).toHaveLength(1));
    const sent = callsTo(fetchFn, '/api/admin/games/dream').find((p) => p.has('returnRateBp'))!;
    expect([sent.get('minProbability'), sent.get('returnRateBp'), sent.get('maxTargetPriceFen')]).toEqual(['1000', '8000', '10000000']);
    expect(await screen.findByText(/当前使用后台设置/)).toBeTruthy();
  });

  it('lists the bots, disables one and renames another', async () => {
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('operations', who),
      '/api/admin/games/battles': () => page([]),
      '/api/admin/games/bots': () => bots,
      '/api/admin/games/bots/update': () => bots,
    });
    renderAt('/admin/games');
    fireEvent.click(await screen.findByRole('tab', { name: '机器人' }));
    const alpha = (await screen.findByText('机器人·阿尔法')).closest('tr')!;
    expect(within(alpha).getByText('10 场 / 胜 4')).toBeTruthy();
    fireEvent.click(within(alpha).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/bots/update')).toHaveLength(1));
    expect([
      callsTo(fetchFn, '/api/admin/games/bots/update')[0]!.get('id'),
      callsTo(fetchFn, '/api/admin/games/bots/update')[0]!.get('enabled'),
    ]).toEqual(['1', 'false']);
    const beta = screen.getByText('机器人·贝塔').closest('tr')!;
    expect(within(beta).getByRole('button', { name: '启用' })).toBeTruthy();
    fireEvent.click(within(beta).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑机器人 #2' });
    fireEvent.change(within(dialog).getByLabelText('昵称（2至16个字）'), {
      target: { value: '机器人·新名' },
    });
    fireEvent.change(within(dialog).getByLabelText('头像图片路径（以 / 开头）'), {
      target: { value: '/img/bots/2.png' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/games/bots/update')).toHaveLength(2));
    const sent = callsTo(fetchFn, '/api/admin/games/bots/update')[1]!;
    expect([sent.get('id'), sent.get('nickname'), sent.get('headPic')]).toEqual(['2', '机器人·新名', '/img/bots/2.png']);
  });
});
