import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { BoxTheme } from '@skinfair/contract';
import { OverlaysHost } from '../../../app/overlays/overlays-host';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { givenBattle } from '../test-battles';
import BattlePreview from './battle-preview';

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
  {
    id: 1,
    themeName: '经典',
    boxType: 1,
    weight: 1,
    boxList: [box(3, '新手箱', 1000), box(4, '手枪箱', 550)],
  },
];

function serve(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/common/sysConfig': () => sysConfigFixture,
    '/api/battle/getBattleList': () => [],
    '/api/common/getBoxBattleThemeList': () => themes,
    ...extra,
  });
}

/** The home tab and the overlays host, as the root layout mounts them, plus the two room routes. */
function renderHome() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/home" element={<BattlePreview />} />
        <Route path="/battle/:id" element={<p data-testid="room">battle room</p>} />
        <Route path="/reverse/:id" element={<p data-testid="room">reverse room</p>} />
      </Routes>
      <OverlaysHost />
    </>,
    '/home',
  );
}

const overlay = () => screen.findByRole('dialog', { name: '创建对战' });
const plus = (panel: HTMLElement, name: string) => fireEvent.click(within(panel).getByRole('button', { name: `添加一个 ${name}` }));

async function openFromPreview() {
  const quick = await screen.findByRole('button', { name: '快速开战' });
  quick.focus();
  fireEvent.click(quick);
  const panel = await overlay();
  await within(panel).findAllByTestId('pick-box');
  return { quick, panel };
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
  useOverlayStore.getState().closeAll();
});

describe('battle open overlay (spec §2)', () => {
  it('opens from the home tab, creates the picked battle after the confirm, closes and enters the room', async () => {
    setToken('tok');
    const fetchFn = serve({ '/api/battle/create': () => givenBattle({ battleCode: 'quick001' }) });
    const { router } = renderHome();
    const { panel } = await openFromPreview();
    // Focus starts inside the panel (its close button), not on the page behind it.
    expect(panel.contains(document.activeElement)).toBe(true);

    plus(panel, '手枪箱');
    plus(panel, '新手箱');
    fireEvent.click(within(panel).getByRole('tab', { name: '3 人' }));
    fireEvent.click(within(panel).getByTestId('create-submit'));
    const confirm = await screen.findByRole('dialog', { name: '确认创建' });
    expect(within(confirm).getByTestId('create-confirm-text').textContent).toBe('确认花费 ¥15.50 创建对战？（2 轮 · 3 人 · 欧皇）');
    expect(callsTo(fetchFn, '/api/battle/create')).toHaveLength(0);

    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/battle/quick001'));
    expect(Object.fromEntries(callsTo(fetchFn, '/api/battle/create')[0]!)).toEqual({
      boxLists: '4,3',
      countCustomer: '3',
      mode: '0',
      pos: '1',
    });
    expect((await screen.findByTestId('room')).textContent).toBe('battle room');
    expect(useOverlayStore.getState().open.battleOpen).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('enters a private non-chieftain battle under /reverse with its password', async () => {
    setToken('tok');
    const fetchFn = serve({
      '/api/battle/create': () => givenBattle({ battleCode: 'rev00002', mode: 1, private: true }),
    });
    const { router } = renderHome();
    const { panel } = await openFromPreview();
    plus(panel, '新手箱');
    fireEvent.click(within(within(panel).getByTestId('create-mode')).getByRole('tab', { name: '非酋' }));
    fireEvent.click(within(panel).getByTestId('create-private'));
    fireEvent.change(within(panel).getByTestId('create-password'), { target: { value: 'p4ss' } });
    fireEvent.click(within(panel).getByTestId('create-submit'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '确认创建' })).getByTestId('confirm-ok'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/reverse/rev00002'));
    expect(router.state.location.search).toBe('?password=p4ss');
    expect(Object.fromEntries(callsTo(fetchFn, '/api/battle/create')[0]!)).toEqual({
      boxLists: '3',
      countCustomer: '2',
      mode: '1',
      pos: '1',
      password: 'p4ss',
    });
    expect(useOverlayStore.getState().open.battleOpen).toBe(false);
  });

  it('closes on Escape without creating anything and gives focus back to the button', async () => {
    setToken('tok');
    const fetchFn = serve();
    const { router } = renderHome();
    const { quick, panel } = await openFromPreview();
    plus(panel, '新手箱');

    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '创建对战' })).toBeNull());
    expect(useOverlayStore.getState().open.battleOpen).toBe(false);
    expect(document.activeElement).toBe(quick);
    expect(router.state.location.pathname).toBe('/home');
    expect(callsTo(fetchFn, '/api/battle/create')).toHaveLength(0);
  });

  it('Escape on the confirm step steps back to the form, keeping the picks', async () => {
    setToken('tok');
    serve();
    renderHome();
    const { panel } = await openFromPreview();
    plus(panel, '新手箱');
    fireEvent.click(within(panel).getByTestId('create-submit'));
    const confirm = await screen.findByRole('dialog', { name: '确认创建' });

    fireEvent.keyDown(confirm, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认创建' })).toBeNull());
    expect(useOverlayStore.getState().open.battleOpen).toBe(true);
    expect(
      within(await overlay())
        .getAllByTestId('picked-name')
        .map((el) => el.textContent),
    ).toEqual(['新手箱']);
  });

  it('asks a visitor to log in instead of opening', async () => {
    serve();
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: '快速开战' }));
    expect(useOverlayStore.getState().open.loginTip).toBe(true);
    expect(useOverlayStore.getState().open.battleOpen).toBe(false);
  });
});
