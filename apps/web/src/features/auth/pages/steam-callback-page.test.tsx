import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { callsTo, refuse, renderWithProviders, stubApi } from '../../../test/render';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import SteamCallbackPage from './steam-callback-page';

const open = (search: string) => renderWithProviders(<SteamCallbackPage />, `/login/steamCallback${search}`);

beforeEach(() => act(() => useLocaleStore.getState().setLocale('zh-CN')));
afterEach(() => vi.unstubAllGlobals());

describe('Steam callback page errors (issue 24 §6)', () => {
  it('shows the catalogue text for an error code from the address, in the chosen language', async () => {
    stubApi({});
    open('?error=ADULT_REQUIRED');
    expect((await screen.findByRole('alert')).textContent).toBe('请确认您已年满18周岁');
  });

  it('shows the English catalogue text when the locale is English', async () => {
    stubApi({});
    act(() => useLocaleStore.getState().setLocale('en-US'));
    open('?error=STEAM_BOUND_ELSEWHERE');
    expect((await screen.findByRole('alert')).textContent).toBe('This Steam account is linked elsewhere');
  });

  it('never shows text from the address: words or an unknown code get the generic line', async () => {
    stubApi({});
    const phishing = '账号异常，请添加客服QQ 123456 解冻';
    const { unmount } = open(`?error=${encodeURIComponent(phishing)}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Steam 登录验证失败，请重试');
    expect(document.body.textContent).not.toContain('客服');
    unmount();
    open('?error=NO_SUCH_CODE');
    expect((await screen.findByRole('alert')).textContent).toBe('Steam 登录验证失败，请重试');
    expect(document.body.textContent).not.toContain('NO_SUCH_CODE');
  });
});

describe('Steam callback page exchange (issue 24 §5)', () => {
  it('spends the code with a same-origin request, so the login cookie goes with it', async () => {
    const fetchFn = stubApi({
      '/api/auth/steamExchange': () => refuse(9301, '请在发起 Steam 登录的同一浏览器中完成登录，本次登录未生效'),
    });
    open('?code=abcdefghijklmnopqrstuvwxyz');
    expect((await screen.findByRole('alert')).textContent).toBe('请在发起 Steam 登录的同一浏览器中完成登录，本次登录未生效');
    expect(callsTo(fetchFn, '/api/auth/steamExchange')[0]?.get('code')).toBe('abcdefghijklmnopqrstuvwxyz');
    const init = fetchFn.mock.calls.find(([input]) => String(input).includes('steamExchange'))?.[1];
    expect(init?.credentials).toBe('same-origin');
  });
});
