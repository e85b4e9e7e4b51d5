import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { sysConfigFixture } from '../../../test/fake-server';
import { removeToken, setToken } from '../../../shared/storage/token';
import { useLiveStore } from '../../../shared/stores/live-store';
import { usePageLoadedStore } from '../../../shared/stores/page-loaded-store';
import { givenRoom, pageOf } from '../test-giveaways';
import GiveawayListPage from './giveaway-list-page';

const renderList = () =>
  renderWithProviders(
    <Routes>
      <Route path="/giveaways" element={<GiveawayListPage />} />
    </Routes>,
    '/giveaways',
  );

afterEach(() => {
  vi.unstubAllGlobals();
  removeToken();
  useLiveStore.getState().reset();
});

const sent = (fetchFn: ReturnType<typeof stubApi>) =>
  callsTo(fetchFn, '/api/giveaway/page').map((p) => [p.get('type'), p.get('state'), p.get('page')]);

describe('giveaway list', () => {
  it('shows official rooms in progress with pool, prizes, participants, countdown, joined badge and lock', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': () =>
        pageOf([givenRoom(), givenRoom({ id: 8, title: '密码房', pwdFlag: true, joinFlag: true, userCount: 12 })]),
    });
    renderList();
    const cards = await screen.findAllByTestId('giveaway-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('新年福利')).toBeTruthy();
    expect(cards[0]!.textContent).toContain('¥30');
    expect(first.getAllByTestId('giveaway-card-prize')).toHaveLength(2);
    expect(first.getByTestId('giveaway-users').textContent).toBe('3 人参与');
    expect(first.getByTestId('giveaway-countdown').textContent).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(first.queryByTestId('giveaway-lock')).toBeNull();
    expect(first.queryByTestId('giveaway-joined')).toBeNull();
    expect(first.getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/giveaways/7');
    const second = within(cards[1]!);
    expect(second.getByTestId('giveaway-lock')).toBeTruthy();
    expect(second.getByTestId('giveaway-joined').textContent).toBe('已参与');
    expect(sent(fetchFn)[0]).toEqual(['1', '1', '1']);
    expect(screen.getByRole('link', { name: '创建我的福利房' }).getAttribute('href')).toBe('/giveaways/create');
    // The page keeps the live socket open while it is on screen.
    expect(usePageLoadedStore.getState().loadedPages).toBeGreaterThan(0);
  });

  it('labels a demo room as demo, and only that room', async () => {
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': () => pageOf([givenRoom({ id: 9, title: '官方福利 · 演示房间', demo: true }), givenRoom()]),
    });
    renderList();
    const cards = await screen.findAllByTestId('giveaway-card');
    const badge = within(cards[0]!).getByTestId('giveaway-demo');
    expect(badge.textContent).toBe('演示');
    expect(badge.getAttribute('title')).toContain('演示房间');
    expect(within(cards[1]!).queryByTestId('giveaway-demo')).toBeNull();
  });

  it('asks for the streamer tab and the ended filter with their codes, and says so when empty', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': () => pageOf([]),
    });
    renderList();
    expect(await screen.findByText('暂无进行中的福利房间')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '主播福利' }));
    await waitFor(() => expect(sent(fetchFn)).toContainEqual(['2', '1', '1']));
    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    expect(await screen.findByText('暂无已结束的福利房间')).toBeTruthy();
    expect(sent(fetchFn)).toContainEqual(['2', '2', '1']);
  });

  it('asks a guest to log in on the joined tab without calling the server, and lists them once logged in', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': () => pageOf([givenRoom({ joinFlag: true })]),
    });
    renderList();
    await screen.findAllByTestId('giveaway-card');
    fireEvent.click(screen.getByRole('tab', { name: '我参与的' }));
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    expect(sent(fetchFn).some(([type]) => type === '0')).toBe(false);
    act(() => setToken('tok'));
    await waitFor(() => expect(sent(fetchFn)).toContainEqual(['0', '1', '1']));
  });

  it('pages through the rooms', async () => {
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': (p) => pageOf([givenRoom({ id: Number(p.get('page')) })], Number(p.get('page')), 2),
    });
    renderList();
    await screen.findAllByTestId('giveaway-card');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(sent(fetchFn)).toContainEqual(['1', '1', '2']));
    expect(callsTo(fetchFn, '/api/giveaway/page')[0]!.get('pageSize')).toBe('12');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': () => (fail ? refuse(500, '服务繁忙') : pageOf([givenRoom()])),
    });
    renderList();
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findAllByTestId('giveaway-card')).toHaveLength(1);
  });

  it('refetches the list when event 41 arrives', async () => {
    let users = 3;
    const fetchFn = stubApi({
      '/api/common/sysConfig': () => sysConfigFixture,
      '/api/giveaway/page': () => pageOf([givenRoom({ userCount: users })]),
    });
    renderList();
    expect((await screen.findByTestId('giveaway-users')).textContent).toBe('3 人参与');
    users = 4;
    act(() => useLiveStore.getState().applyEvent(41, givenRoom({ userCount: 4 })));
    await waitFor(() => expect(screen.getByTestId('giveaway-users').textContent).toBe('4 人参与'));
    expect(callsTo(fetchFn, '/api/giveaway/page').length).toBeGreaterThan(1);
  });
});
