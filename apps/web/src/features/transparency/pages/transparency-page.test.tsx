import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  TransparencyBots,
  TransparencyBoxPage,
  TransparencyFigures,
  TransparencyGames,
  TransparencyWithdrawals,
} from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import TransparencyPage from './transparency-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useLocaleStore.setState({ locale: 'zh-CN' });
});

const figures = (over: Partial<TransparencyFigures> = {}): TransparencyFigures => ({
  plays: 1_000,
  stakeFen: 1_000_000,
  wonFen: 931_200,
  declaredReturn: 0.95,
  realisedReturn: 0.9312,
  playSd: 1.2,
  band95: { low: 0.875624, high: 1.024376 },
  alert: false,
  minPlays: 30,
  ...over,
});
const games = (window: '24h' | '30d' | 'all', over: Partial<TransparencyFigures> = {}): TransparencyGames => ({
  window,
  computedAt: '2026-11-25T12:00:00.000Z',
  games: [
    { game: 'box', ...figures(over) },
    { game: 'battle', ...figures({ plays: 12 }) },
    {
      game: 'dream',
      ...figures({
        plays: 0,
        wonFen: 0,
        stakeFen: 0,
        realisedReturn: null,
        band95: null,
        declaredReturn: null,
        playSd: null,
      }),
    },
  ],
});
const boxes: TransparencyBoxPage = {
  pageData: [
    {
      boxId: 3,
      name: '新手箱',
      image: null,
      priceFen: 1_000,
      ...figures({ realisedReturn: 1.4, alert: true }),
    },
    {
      boxId: 4,
      name: '冷门箱',
      image: null,
      priceFen: 2_000,
      ...figures({ plays: 0, wonFen: 0, stakeFen: 0, realisedReturn: null, band95: null }),
    },
  ],
  page: 1,
  pageSize: 20,
  totalRows: 2,
  totalPages: 1,
  window: '24h',
  computedAt: '2026-11-25T12:00:00.000Z',
};
const withdrawals: TransparencyWithdrawals = {
  days: 7,
  delivered: 97,
  failed: 3,
  inProgress: 4,
  medianSeconds: 95,
  p95Seconds: 1_800,
  failedShare: 0.03,
  computedAt: '2026-11-25T12:00:00.000Z',
};
const bots: TransparencyBots = {
  computedAt: '2026-11-25T12:00:00.000Z',
  bots: [
    {
      botId: 1,
      nickname: '机器人阿强',
      headPic: null,
      played: 40,
      won: 19,
      lost: 21,
      expectedWins: 20,
      winsBand95: { low: 13.8, high: 26.2 },
      stakeFen: 400_000,
      valueWonFen: 390_000,
      netFen: -10_000,
      houseResultFen: 5_000,
      declaredReturn: 0.95,
      realisedReturn: 0.975,
    },
  ],
};
const api = () =>
  stubApi({
    '/api/transparency/games': (p) => games((p.get('window') ?? '24h') as '24h'),
    '/api/transparency/boxes': () => boxes,
    '/api/transparency/withdrawals': () => withdrawals,
    '/api/transparency/bots': () => bots,
  });

describe('the public transparency page', () => {
  it('shows each game’s declared and realised return with its band, explained, in tables with captions', async () => {
    api();
    renderWithProviders(<TransparencyPage />);
    expect(screen.getByRole('heading', { level: 1, name: '公开透明数据' })).toBeTruthy();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    const table = await screen.findByRole('table', { name: /各游戏的申报回报率.*最近 24 小时/ });
    const box = within(table).getByRole('row', { name: /全部箱子合计/ });
    expect(within(box).getByText('95.00%')).toBeTruthy();
    expect(within(box).getByText('93.12%')).toBeTruthy();
    expect(within(box).getByText('87.56% – 102.44%')).toBeTruthy();
    expect(within(box).getByText('正常')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /对战（/ }).textContent).toMatch(/次数较少/);
    expect(within(table).getByRole('row', { name: /追梦/ }).textContent).toMatch(/暂无记录/);
    expect(screen.getAllByTestId('band-bar')).toHaveLength(3);
    expect(screen.getByText(/申报回报率：按公开的概率表/)).toBeTruthy();
    expect(screen.getByText(/95% 波动区间：即使概率完全公平/)).toBeTruthy();
  });

  it('lists boxes with an unusual one flagged, withdrawal times and the bots’ record', async () => {
    api();
    renderWithProviders(<TransparencyPage />);
    const boxTable = await screen.findByRole('table', { name: /每个箱子的当前期望回报率（按今日回收价）/ });
    // Decision 0061: a box's figure is at today's recovery prices, named as on the box page.
    expect(within(boxTable).getByRole('columnheader', { name: '当前期望回报率' })).toBeTruthy();
    const hot = within(boxTable).getByRole('row', { name: /新手箱/ });
    expect(within(hot).getByText('异常')).toBeTruthy();
    expect(within(hot).getByRole('link', { name: '新手箱' }).getAttribute('href')).toBe('/box/3');
    expect(within(boxTable).getByRole('row', { name: /冷门箱/ }).textContent).toMatch(/暂无记录/);

    const w = await screen.findByTestId('withdrawals');
    expect(within(w).getByText('从申请到发货的中位时间').nextSibling!.textContent).toBe('95 秒');
    expect(within(w).getByText('95% 的提取在此时间内完成').nextSibling!.textContent).toBe('30 分钟');
    expect(within(w).getByText('失败并退回背包的比例').nextSibling!.textContent).toBe('3.00%');

    const botTable = await screen.findByRole('table', { name: /机器人参与/ });
    const row = within(botTable).getByRole('row', { name: /机器人阿强/ });
    expect(row.textContent).toContain('20 (13.8 – 26.2)');
    expect(row.textContent).toContain('-¥100');
    expect(row.textContent).toContain('+¥50');
  });

  it('switches the window with the keyboard and asks the server for it', async () => {
    const fetchFn = api();
    renderWithProviders(<TransparencyPage />);
    await screen.findByRole('table', { name: /各游戏.*最近 24 小时/ });
    const tab = screen.getByRole('tab', { name: '最近 24 小时' });
    tab.focus();
    fireEvent.keyDown(tab, { key: 'ArrowRight' });
    await screen.findByRole('table', { name: /各游戏.*最近 30 天/ });
    expect(screen.getByRole('tab', { name: '最近 30 天' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '全部时间' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/transparency/games').map((p) => p.get('window'))).toContain('all'));
    expect(callsTo(fetchFn, '/api/transparency/boxes').map((p) => p.get('window'))).toContain('30d');
  });

  it('says when nothing happened yet and offers a retry when loading fails', async () => {
    let fail = true;
    stubApi({
      '/api/transparency/games': () => (fail ? refuse(500, '服务繁忙') : games('24h')),
      '/api/transparency/boxes': () => ({ ...boxes, pageData: [], totalRows: 0, totalPages: 0 }),
      '/api/transparency/withdrawals': () => ({
        ...withdrawals,
        delivered: 0,
        failed: 0,
        medianSeconds: null,
        p95Seconds: null,
        failedShare: null,
      }),
      '/api/transparency/bots': () => ({ ...bots, bots: [{ ...bots.bots[0]!, played: 0, won: 0, lost: 0 }] }),
    });
    renderWithProviders(<TransparencyPage />);
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    expect(await screen.findByText('暂无箱子')).toBeTruthy();
    expect((await screen.findByTestId('withdrawals-empty')).textContent).toBe('最近 7 天没有完成的提取。');
    expect(await screen.findByText('暂无机器人对战记录')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('table', { name: /各游戏/ })).toBeTruthy();
  });

  it('speaks English when the player chose it', async () => {
    useLocaleStore.setState({ locale: 'en-US' });
    api();
    renderWithProviders(<TransparencyPage />);
    expect(await screen.findByRole('table', { name: /Declared and realised return of each game.*Last 24 hours/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All time' })).toBeTruthy();
  });
});
