import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, renderWithProviders, stubApi } from '../../../test/render';
import { getToken, setToken } from '../../../shared/storage/token';
import { queryKeys } from '../../../shared/api/query-keys';
import { LogoutButton } from './logout-button';

afterEach(() => vi.unstubAllGlobals());

describe('logout (spec §4)', () => {
  it('calls the server, removes the token, drops the account data and goes to /', async () => {
    setToken('tok-1');
    const fetchFn = stubApi({ '/api/auth/logout': () => true });
    const { router, queryClient } = renderWithProviders(<LogoutButton />, '/personal');
    queryClient.setQueryData(queryKeys.userInfo, { nickname: '玩家' });
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBeNull();
    expect(callsTo(fetchFn, '/api/auth/logout')).toHaveLength(1);
    expect(fetchFn.mock.calls[0]?.[1]?.headers).toMatchObject({ token: 'tok-1' });
    expect(queryClient.getQueryData(queryKeys.userInfo)).toBeUndefined();
  });

  it('still logs out locally when the server cannot be reached', async () => {
    setToken('tok-2');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const { router } = renderWithProviders(<LogoutButton />, '/personal/bag');
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBeNull();
  });
});
