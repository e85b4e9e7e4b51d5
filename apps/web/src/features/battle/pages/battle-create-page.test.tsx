import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { BoxTheme } from '@skinfair/contract';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { toast } from '../../../shared/ui/toast';
import { givenBattle } from '../test-battles';
import BattleCreatePage from './battle-create-page';

const box = (id: number, boxName: string, openPrice: number) => ({
  id,
  boxName,
  boxImage: null,
  weaponImage: null,
  openPrice,
  boxType: 1,
  boxThemeId: 1,
  expectedReturn: Math.round(openPrice * 0.9),
  enabled: true,
});

const themes: BoxTheme[] = [
  { id: 1, themeName: '经典', boxType: 1, weight: 2, boxList: [box(3, '新手箱', 1000), box(4, '手枪箱', 550)] },
  { id: 2, themeName: '高级', boxType: 1, weight: 1, boxList: [box(9, '龙狙箱', 12_000)] },
];

function serve(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/common/getBoxBattleThemeList': () => themes,
    ...extra,
  });
}

function renderCreate(path = '/battle/create') {
  const reverse = path.startsWith('/reverse');
  const mode = reverse ? 'reverse' : 'battle';
  return renderWithProviders(
    <Routes>
      <Route path={`/${mode}/create`} element={<BattleCreatePage mode={mode} />} />
      <Route path={`/${mode}/create/:id`} element={<BattleCreatePage mode={mode} />} />
      <Route path={`/${mode}/:id`} element={<p data-testid="room">room</p>} />
    </Routes>,
    path,
  );
}

const card = (name: string) => screen.getAllByTestId('pick-box').find((el) => el.textContent?.includes(name))!;
const plus = (name: string) => fireEvent.click(within(card(name)).getByRole('button', { name: `添加一个 ${name}` }));
const minus = (name: string) => fireEvent.click(within(card(name)).getByRole('button', { name: `减少一个 ${name}` }));
const picked = () => screen.queryAllByTestId('picked-name').map((el) => el.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  removeToken();
  useOverlayStore.getState().closeAll();
});

describe('battle create', () => {
  it('counts the picked boxes and the total, keeps their order, and stops at 20', async () => {
    serve();
    renderCreate();
    await screen.findAllByTestId('pick-box');
    expect(screen.getByTestId('picked-count').textContent).toBe('0/20');
    expect(screen.getByTestId('create-submit')).toHaveProperty('disabled', true);

    plus('新手箱');
    plus('手枪箱');
    plus('新手箱');
    expect(screen.getByTestId('picked-count').textContent).toBe('3/20');
    expect(screen.getByTestId('picked-total').textContent).toBe('¥25.50');
    expect(within(card('新手箱')).getByTestId('pick-count').textContent).toBe('2');
    expect(picked()).toEqual(['新手箱', '手枪箱', '新手箱']);

    minus('新手箱');
    expect(picked()).toEqual(['新手箱', '手枪箱']);
    fireEvent.click(screen.getByRole('button', { name: '移除第 1 轮 新手箱' }));
    expect(picked()).toEqual(['手枪箱']);
    expect(screen.getByTestId('picked-total').textContent).toBe('¥5.50');

    // The other theme's boxes sit behind its tab.
    fireEvent.click(screen.getByRole('tab', { name: '高级' }));
    for (let i = 0; i < 25; i += 1) {
      const add = within(card('龙狙箱')).getByTestId('pick-plus');
      if ((add as HTMLButtonElement).disabled) break;
      fireEvent.click(add);
    }
    expect(screen.getByTestId('picked-count').textContent).toBe('20/20');
    expect(within(card('龙狙箱')).getByTestId('pick-count').textContent).toBe('19');
    expect(within(card('龙狙箱')).getByTestId('pick-plus')).toHaveProperty('disabled', true);
    expect(screen.getByText('最多 20 个箱子')).toBeTruthy();
    expect(screen.getByTestId('picked-total').textContent).toBe('¥2285.50');
  });

  it('asks before paying, posts the rounds, seats, mode and password, then opens the new room', async () => {
    setToken('tok');
    const success = vi.spyOn(toast, 'success');
    const fetchFn = serve({ '/api/battle/create': () => givenBattle({ battleCode: 'newcode99', private: true }) });
    const { router } = renderCreate();
    await screen.findAllByTestId('pick-box');
    plus('手枪箱');
    plus('新手箱');
    plus('手枪箱');
    const seatsTab = (name: string) => within(screen.getByTestId('create-seats')).getByRole('tab', { name });
    const posTab = (name: string) => within(screen.getByTestId('create-pos')).getByRole('tab', { name });
    expect(
      within(screen.getByTestId('create-pos'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['1 号位', '2 号位']);
    fireEvent.click(seatsTab('3 人'));
    fireEvent.click(posTab('3 号位'));
    // Fewer players than the chosen seat: the last seat, until there are enough players again.
    fireEvent.click(seatsTab('2 人'));
    expect(posTab('2 号位').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(seatsTab('3 人'));
    expect(posTab('3 号位').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(screen.getByTestId('create-mode')).getByRole('tab', { name: '非酋' }));
    fireEvent.click(screen.getByTestId('create-private'));
    fireEvent.change(screen.getByTestId('create-password'), { target: { value: 'abc' } });
    expect(screen.getByTestId('create-submit')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('create-password'), { target: { value: 'abcd' } });

    fireEvent.click(screen.getByTestId('create-submit'));
    const confirm = await screen.findByRole('dialog', { name: '确认创建' });
    expect(within(confirm).getByTestId('create-confirm-text').textContent).toBe('确认花费 ¥21 创建对战？（3 轮 · 3 人 · 非酋）');
    expect(callsTo(fetchFn, '/api/battle/create')).toHaveLength(0);

    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/battle/newcode99'));
    const [sent] = callsTo(fetchFn, '/api/battle/create');
    expect(Object.fromEntries(sent!)).toEqual({ boxLists: '4,3,4', countCustomer: '3', mode: '1', pos: '3', password: 'abcd' });
    expect(router.state.location.search).toBe('?password=abcd');
    expect(success).toHaveBeenCalledWith('对战已创建');
  });

  it('stays on the form with the toasted reason when the server refuses', async () => {
    setToken('tok');
    const error = vi.spyOn(toast, 'error');
    serve({ '/api/battle/create': () => refuse(2001, '余额不足') });
    const { router } = renderCreate();
    await screen.findAllByTestId('pick-box');
    plus('新手箱');
    fireEvent.click(screen.getByTestId('create-submit'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认创建' })).getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认创建' })).toBeNull());
    expect(error).toHaveBeenCalledWith('余额不足', expect.anything());
    expect(router.state.location.pathname).toBe('/battle/create');
    expect(picked()).toEqual(['新手箱']);
  });

  it('starts from an existing battle: its boxes in order, its seats and its mode', async () => {
    setToken('tok');
    const base = givenBattle();
    // The pistol box costs 5.50 now; the old battle paid 5.00 for it: the form shows today's price.
    const source = givenBattle({
      battleCode: 'old7code',
      countCustomer: 4,
      mode: 1,
      boxList: base.boxList.map((b) => (b.boxId === 4 ? { ...b, boxPrice: 500 } : b)),
    });
    const fetchFn = serve({
      '/api/battle/getBattleDetail': () => source,
      '/api/battle/create': () => givenBattle({ battleCode: 'again001' }),
    });
    const { router } = renderCreate('/battle/create/old7code');
    await screen.findAllByTestId('pick-box');
    expect(callsTo(fetchFn, '/api/battle/getBattleDetail')[0]?.get('battleCode')).toBe('old7code');
    expect(picked()).toEqual(['新手箱', '手枪箱']);
    expect(screen.getByTestId('picked-total').textContent).toBe('¥15.50');
    expect(within(screen.getByTestId('create-seats')).getByRole('tab', { name: '4 人' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByTestId('create-mode')).getByRole('tab', { name: '非酋' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByTestId('create-submit'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认创建' })).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/battle/again001'));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/battle/create')[0]!)).toEqual({
      boxLists: '3,4',
      countCustomer: '4',
      mode: '1',
      pos: '1',
    });
  });

  it('presets the non-chieftain mode on /reverse/create and opens the reverse room', async () => {
    setToken('tok');
    const fetchFn = serve({ '/api/battle/create': () => givenBattle({ battleCode: 'rev00001', mode: 1 }) });
    const { router } = renderCreate('/reverse/create');
    await screen.findAllByTestId('pick-box');
    expect(within(screen.getByTestId('create-mode')).getByRole('tab', { name: '非酋' }).getAttribute('aria-selected')).toBe('true');
    plus('新手箱');
    fireEvent.click(screen.getByTestId('create-submit'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认创建' })).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reverse/rev00001'));
    expect(callsTo(fetchFn, '/api/battle/create')[0]?.get('mode')).toBe('1');
  });

  it('asks a visitor to log in before anything is spent', async () => {
    const fetchFn = serve();
    renderCreate();
    await screen.findAllByTestId('pick-box');
    plus('新手箱');
    fireEvent.click(screen.getByTestId('create-submit'));
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(screen.queryByRole('dialog', { name: '确认创建' })).toBeNull();
    expect(callsTo(fetchFn, '/api/battle/create')).toHaveLength(0);
  });
});
