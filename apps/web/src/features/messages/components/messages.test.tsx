import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { removeToken, setToken } from '../../../shared/storage/token';
import { OverlaysHost } from '../../../app/overlays/overlays-host';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { MessageBell } from './message-bell';

afterEach(() => vi.unstubAllGlobals());

const welcome = {
  id: 1,
  title: '欢迎来到 Skinfair',
  summary: '首充加送 20%',
  type: 'system',
  read: false,
  createTime: '2025-01-01T00:00:00.000Z',
};

describe('message unread badge (spec §3, §6)', () => {
  it('shows the unread count when logged in', async () => {
    setToken('tok');
    stubApi({ '/api/message/countUserUnreadMessage': () => 3 });
    renderWithProviders(<MessageBell />);
    expect((await screen.findByTestId('unread-count')).textContent).toBe('3');
    expect(screen.getByRole('button', { name: '消息中心，3 条未读' })).toBeTruthy();
  });

  it('caps the badge at 99+ and hides it at zero', async () => {
    setToken('tok');
    let count = 120;
    stubApi({ '/api/message/countUserUnreadMessage': () => count });
    const { queryClient } = renderWithProviders(<MessageBell />);
    expect((await screen.findByTestId('unread-count')).textContent).toBe('99+');
    count = 0;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull());
  });

  it('never asks for the count without a token', async () => {
    removeToken();
    const fetchFn = stubApi({ '/api/message/countUserUnreadMessage': () => 5 });
    renderWithProviders(<MessageBell />);
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchFn, '/api/message/countUserUnreadMessage')).toHaveLength(0);
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('reading a message refreshes the count and the list', async () => {
    setToken('tok');
    let read = false;
    const fetchFn = stubApi({
      '/api/message/countUserUnreadMessage': () => (read ? 0 : 1),
      '/api/message/listMessage': () => ({ pageData: [{ ...welcome, read }], page: 1, pageSize: 10, totalRows: 1, totalPages: 1 }),
      '/api/message/getMessageDetail': () => {
        read = true;
        return { ...welcome, read: true, content: '欢迎！首次充值额外赠送 20%。' };
      },
    });
    renderWithProviders(
      <>
        <MessageBell />
        <OverlaysHost />
      </>,
    );
    expect((await screen.findByTestId('unread-count')).textContent).toBe('1');
    fireEvent.click(screen.getByTestId('message-bell'));
    expect(useOverlayStore.getState().open.messages).toBe(true);
    fireEvent.click(await screen.findByText('欢迎来到 Skinfair'));
    expect(await screen.findByText('欢迎！首次充值额外赠送 20%。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull());
    expect(callsTo(fetchFn, '/api/message/getMessageDetail')[0]?.get('id')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));
    await waitFor(() => expect(screen.getByTestId('message-item').getAttribute('data-read')).toBe('true'));
    act(() => useOverlayStore.getState().closeAll());
  });

  it('shows the empty state', async () => {
    setToken('tok');
    stubApi({
      '/api/message/countUserUnreadMessage': () => 0,
      '/api/message/listMessage': () => ({ pageData: [], page: 1, pageSize: 10, totalRows: 0, totalPages: 0 }),
    });
    renderWithProviders(<OverlaysHost />);
    act(() => useOverlayStore.getState().openOverlay('messages'));
    expect(await screen.findByText('暂无消息')).toBeTruthy();
    act(() => useOverlayStore.getState().closeAll());
  });
});
