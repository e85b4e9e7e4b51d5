import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { routes } from './routes';
import { FakeWebSocket, fakeServer } from '../test/fake-server';
import { givenDrop } from '../test/factories';
import { useLiveStore } from '../shared/stores/live-store';
import { useOverlayStore } from '../shared/stores/overlay-store';

// The first visit to a page transforms its lazy chunk; under a full parallel run that can pass 1 s.
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  useLiveStore.getState().reset();
  useOverlayStore.getState().closeAll();
});
afterEach(() => vi.unstubAllGlobals());

describe('routes (spec §2)', () => {
  it('redirects / to /home, keeping the query string', async () => {
    fakeServer();
    const router = renderAt('/?promoteCode=ABC123');
    expect(await findHeading('首页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?promoteCode=ABC123');
    await waitFor(() => expect(document.title).toBe('首页 - Skinfair'));
  });

  it('redirects /docs to /docs/help', async () => {
    fakeServer();
    const router = renderAt('/docs');
    expect(await findHeading('帮助中心')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/docs/help');
  });

  it('shows the not-found page for unknown paths', async () => {
    fakeServer();
    renderAt('/no/such/page');
    expect(await findHeading('页面不存在')).toBeTruthy();
    expect(screen.getByTestId('not-found')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('页面不存在 - Skinfair'));
  });

  it('reuses the battle pages for reverse mode and names every page in the title', async () => {
    fakeServer();
    renderAt('/reverse/12');
    expect(await findHeading('反向对战房间')).toBeTruthy();
    expect(screen.getByText('房间号 12')).toBeTruthy();
  });

  it('shows the list page titles with honest empty states', async () => {
    fakeServer();
    renderAt('/box');
    expect(await findHeading('盲盒开箱')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('盲盒开箱 - Skinfair'));
    expect(await screen.findByText('暂无箱子')).toBeTruthy();
  });
});

describe('home live feed (spec §4)', () => {
  it('lists recent and rare drops with the test ids the e2e test uses', async () => {
    fakeServer({
      recent: [givenDrop(3, 0), givenDrop(2, 2), givenDrop(1, 3)],
      top: [givenDrop(3, 0), givenDrop(9, 1)],
    });
    renderAt('/home');
    const recent = await screen.findByTestId('live-feed-recent', {}, { timeout: 5000 });
    await waitFor(() => expect(recent.querySelectorAll('[data-testid="drop-item"]')).toHaveLength(3));
    const top = screen.getByTestId('live-feed-top');
    const topIds = Array.from(top.querySelectorAll('[data-testid="drop-item"]')).map((el) => el.getAttribute('data-drop-id'));
    expect(topIds).toEqual(['3', '9']);
    expect(recent.textContent).toContain('¥12.50');
    expect(recent.textContent).toContain('玩家2');
  });

  it('connects the socket once a page has loaded and keeps it on every page of the site, so the online count counts the player (issue 30 §9)', async () => {
    fakeServer();
    const router = renderAt('/home');
    await screen.findByTestId('live-feed-recent', {}, { timeout: 5000 });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.instances[0]?.url).toBe('ws://localhost:3000/ws');
    await act(() => router.navigate('/shop'));
    await findHeading('商城');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.instances[0]?.closed).toBe(false);
  });

  it('connects the socket on a page without a live feed too', async () => {
    fakeServer();
    renderAt('/docs/help');
    await findHeading('帮助中心');
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  });
});

describe('shell overlays (spec §2)', () => {
  it('opens the login panel from the header, switches panels exclusively and closes on Esc', async () => {
    fakeServer();
    renderAt('/box');
    fireEvent.click(await screen.findByRole('button', { name: '登录/注册' }));
    const login = await screen.findByRole('dialog', { name: '登录' });
    expect(login.textContent).toContain('手机号');
    expect(login.textContent).toContain('密码');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
    const register = screen.getByRole('dialog', { name: '注册' });
    fireEvent.keyDown(register, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches the language for real and shows the public notice', async () => {
    fakeServer();
    renderAt('/box');
    fireEvent.click(await screen.findByRole('button', { name: '语言' }));
    fireEvent.click(await screen.findByRole('button', { name: /English/ }));
    expect(await findHeading('Cases')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Notice' }));
    expect((await screen.findByRole('dialog', { name: 'Notice' })).textContent).toContain('系统维护通知');
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
  });
});
