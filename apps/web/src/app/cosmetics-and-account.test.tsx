import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserInfo, VirtualGood } from '@skinfair/contract';
import { callsTo, renderWithProviders, stubApi } from '../test/render';
import { sysConfigFixture } from '../test/fake-server';
import { setToken } from '../shared/storage/token';
import { UserMenu } from './layout/user-menu';
import { LeftMenuOverlay } from './overlays/left-menu-overlay';
import { HomeTabs } from '../features/home/components/home-tabs';
import AccountOverview from '../features/account/components/account-overview';
import VirtualGoodsPanel from '../features/virtual-goods/components/virtual-goods-panel';

afterEach(() => vi.unstubAllGlobals());

const user: UserInfo = {
  id: 7,
  nickname: '玩家七',
  avatar: null,
  mobile: '139****0007',
  email: null,
  tradeUrl: null,
  balance: 61_000,
  integral: 250,
  secondaryBalance: 0,
  grade: 2,
  verified: true,
  steamId: null,
  inviter: null,
  hasPassword: true,
  securityWay: 0,
  canSpend: true,
  createTime: '2026-01-01T00:00:00.000Z',
  withdrawalHoldUntil: null,
};
const good = (over: Partial<VirtualGood>): VirtualGood => ({
  id: 1,
  name: '黄金头像框',
  kind: 'avatar_frame',
  virtualImg: '#ffee51',
  price: 1_880,
  durationDays: 30,
  expireTime: null,
  owned: false,
  equipped: false,
  ...over,
});

function stub(goods: VirtualGood[]) {
  let state = goods;
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/personalCenter/userInfo': () => user,
    '/api/message/countUserUnreadMessage': () => 0,
    '/api/common/virtualGoods': () => state,
    '/api/personalCenter/myVirtual': () => state.filter((g) => g.owned),
    '/api/personalCenter/buyVirtual': (p) => {
      state = state.map((g) => (g.id === Number(p.get('id')) ? { ...g, owned: true, expireTime: '2030-02-01T00:00:00.000Z' } : g));
      return state.find((g) => g.id === Number(p.get('id')));
    },
    '/api/personalCenter/equipVirtual': (p) => {
      const id = Number(p.get('id'));
      const kind = state.find((g) => g.id === id)!.kind;
      state = state.map((g) =>
        g.id === id ? { ...g, equipped: p.get('equip') === 'true' } : g.kind === kind ? { ...g, equipped: false } : g,
      );
      return state.find((g) => g.id === id);
    },
  });
}

describe('virtual goods and the account in the header (issue 9 items 18, 20, 22)', () => {
  it('buys a frame, wears it, and the header avatar and preview show it', async () => {
    setToken('tok');
    const fetchFn = stub([good({}), good({ id: 3, name: '紫晶昵称', kind: 'name_color', virtualImg: '#ab6afc', price: 880, owned: true })]);
    renderWithProviders(
      <>
        <UserMenu />
        <VirtualGoodsPanel />
      </>,
    );
    const frame = (await screen.findAllByTestId('virtual-good')).find((el) => el.dataset.id === '1')!;
    fireEvent.click(within(frame).getByTestId('virtual-buy'));
    fireEvent.click(within(await screen.findByTestId('virtual-confirm')).getByRole('button', { name: '购买' }));
    await waitFor(() => expect(within(frame).getByTestId('virtual-owned').textContent).toContain('2030-02-01'));
    fireEvent.click(within(frame).getByTestId('virtual-equip'));
    await waitFor(() => expect(callsTo(fetchFn, '/api/personalCenter/equipVirtual').length).toBe(1));
    await waitFor(() => expect(within(screen.getByTestId('virtual-preview')).getByText('玩').getAttribute('data-frame')).toBe('#ffee51'));
    await waitFor(() => expect(within(screen.getByTestId('user-menu')).getByText('玩').getAttribute('data-frame')).toBe('#ffee51'));
    expect(callsTo(fetchFn, '/api/personalCenter/equipVirtual')[0]!.get('equip')).toBe('true');
    const colour = (await screen.findAllByTestId('virtual-good')).find((el) => el.dataset.id === '3')!;
    fireEvent.click(within(colour).getByTestId('virtual-equip'));
    await waitFor(() => expect(screen.getByTestId('header-nickname').style.color).toBe('rgb(171, 106, 252)'));
    expect(screen.getByTestId('virtual-preview-name').style.color).toBe('rgb(171, 106, 252)');
  });

  it('shows the balance in the header at every width, in the user menu and in the left menu', async () => {
    setToken('tok');
    stub([]);
    renderWithProviders(<UserMenu />);
    const balance = await screen.findByTestId('header-balance');
    await waitFor(() => expect(balance.textContent).toContain('610'));
    expect(balance.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(screen.getByTestId('menu-balance').textContent).toContain('610');
    vi.unstubAllGlobals();
    stub([]);
    renderWithProviders(<LeftMenuOverlay onClose={() => {}} />);
    expect((await screen.findByTestId('left-menu-balance')).textContent).toMatch(/610[\s\S]*2\.5/);
  });

  it('shows the account panel, not "coming soon", on the home 账户 tab when logged in', async () => {
    setToken('tok');
    stub([]);
    renderWithProviders(<HomeTabs panels={{ account: <AccountOverview /> }} />);
    fireEvent.click(screen.getByRole('tab', { name: '账户' }));
    const panel = await screen.findByTestId('home-account');
    expect(within(panel).getByTestId('profile-nickname').textContent).toBe('玩家七');
    expect(within(panel).getByRole('link', { name: '我的背包' }).getAttribute('href')).toBe('/personal/bag');
    expect(screen.queryByText('该功能即将开放')).toBeNull();
  });
});
