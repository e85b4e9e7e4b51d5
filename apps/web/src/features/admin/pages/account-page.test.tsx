import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorStatus, type AdminMe, type Operator, type OperatorSession } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../../test/render';
import { meAs, page, renderAdmin } from '../testing';

/** Issue 24 §10: the forced change after a reset, the account page, and a reset's one-time password. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const NEW_PASSWORD = 'my-own-password-2024';
const ONE_TIME = 'k7qm-x3rt-9abc-defg-hjkm';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('after an admin’s reset', () => {
  it('the login goes from the code to the new password, and nothing else opens until it is set', async () => {
    let changed = false;
    const due: AdminMe = {
      ...meAs('support'),
      mustChangePassword: true,
      passwordExpiresAt: '2026-11-28T08:00:00.000Z',
    };
    const fetchFn = stubApi({
      '/api/admin/me': () => (changed ? meAs('support') : due),
      '/api/admin/login': () => ({ token: 'op_pending', next: 'totp', enrolment: null }),
      '/api/admin/totp': () => due,
      '/api/admin/account/password': (params) =>
        params.get('currentPassword') === ONE_TIME
          ? ((changed = true), { endedSessions: 0 })
          : refuse(errorStatus('ADMIN_PASSWORD_WRONG'), '当前密码错误'),
      '/api/admin/operators': () => page([]),
      '/api/admin/players': () => page([]),
    });
    const router = renderAdmin('/admin/login');
    fireEvent.change(await screen.findByLabelText('登录名'), { target: { value: 'helper' } });
    fill('密码', ONE_TIME);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    fireEvent.change(await screen.findByLabelText('6位动态验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));

    expect(await screen.findByRole('heading', { name: '设置新密码' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/password');
    // Another screen sends the operator back here.
    await router.navigate('/admin/players');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/password'));

    fill('一次性密码', ONE_TIME);
    fill('新密码（至少12位，不含空格）', 'short');
    fill('再次输入新密码', 'short');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('新密码至少12位');
    expect(callsTo(fetchFn, '/api/admin/account/password')).toHaveLength(0);

    fill('新密码（至少12位，不含空格）', NEW_PASSWORD);
    fill('再次输入新密码', `${NEW_PASSWORD}x`);
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('不一致');

    fill('再次输入新密码', NEW_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    // Then the console's landing screen: a support operator has no overview, so the first screen they may see.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/withdrawals'));
    const sent = callsTo(fetchFn, '/api/admin/account/password')[0]!;
    expect([sent.get('currentPassword'), sent.get('newPassword')]).toEqual([ONE_TIME, NEW_PASSWORD]);
  });
});

describe('my account', () => {
  const sessions: OperatorSession[] = [
    {
      id: 31,
      createdAt: '2026-11-25T08:00:00.000Z',
      lastSeenAt: '2026-11-25T08:30:00.000Z',
      ip: '10.0.0.5',
      verified: true,
      current: true,
    },
    {
      id: 30,
      createdAt: '2026-11-24T20:00:00.000Z',
      lastSeenAt: '2026-11-24T21:00:00.000Z',
      ip: '203.0.113.50',
      verified: true,
      current: false,
    },
    {
      id: 29,
      createdAt: '2026-11-24T19:00:00.000Z',
      lastSeenAt: '2026-11-24T19:00:00.000Z',
      ip: '192.0.2.99',
      verified: false,
      current: false,
    },
  ];

  it('lists my sessions, ends one or all the others, and changes my password', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('content'),
      '/api/admin/account/sessions': () => sessions,
      '/api/admin/account/sessions/end': () => ({ ended: 1 }),
      '/api/admin/account/sessions/endOthers': () => ({ ended: 2 }),
      '/api/admin/account/password': () => ({ endedSessions: 2 }),
    });
    renderAdmin('/admin/account', { token: 'op_whole' });
    const table = await screen.findByRole('table', { name: '我的登录会话' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['10.0.0.5', '203.0.113.50', '192.0.2.99']);
    expect(within(rows[0]!).getByText('当前会话')).toBeTruthy();
    expect(within(rows[2]!).getByText('仅密码')).toBeTruthy();
    // The sidebar reaches this page for every role.
    expect(screen.getByRole('link', { name: '我的账户' })).toBeTruthy();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: '结束' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/account/sessions/end')[0]?.get('id')).toBe('30'));
    fireEvent.click(screen.getByRole('button', { name: '结束其他所有会话' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/account/sessions/endOthers')).toHaveLength(1));

    fill('当前密码', 'old-password-0123');
    fill('新密码（至少12位，不含空格）', NEW_PASSWORD);
    fill('再次输入新密码', NEW_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码已修改，其他会话已退出（2 个）')).toBeTruthy();
  });
});

describe('the operators screen', () => {
  const self: Operator = {
    id: 1,
    name: 'root',
    role: 'admin',
    enrolled: true,
    disabled: false,
    mustChangePassword: false,
    passwordExpiresAt: null,
    createdAt: '2026-11-25T08:00:00.000Z',
  };
  const other: Operator = { ...self, id: 2, name: 'cashier', role: 'finance' };

  it('resets another operator’s password and shows the one-time password once, copyable', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchFn = stubApi({
      '/api/admin/me': () => meAs('admin', self),
      '/api/admin/operators': () => page([self, other]),
      '/api/admin/operators/resetPassword': () => ({
        operator: { ...other, mustChangePassword: true, passwordExpiresAt: '2026-11-28T08:00:00.000Z' },
        oneTimePassword: ONE_TIME,
        expiresAt: '2026-11-28T08:00:00.000Z',
      }),
    });
    renderAdmin('/admin/operators', { token: 'op_whole' });
    const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr')!;
    // One's own row offers no reset (change it under My account).
    expect(within(await rowOf('root')).queryByRole('button', { name: '重置密码' })).toBeNull();

    fireEvent.click(within(await rowOf('cashier')).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog', { name: '「cashier」的一次性密码' });
    expect(within(dialog).getByTestId('one-time-password').textContent).toBe(ONE_TIME);
    expect(callsTo(fetchFn, '/api/admin/operators/resetPassword')[0]?.get('id')).toBe('2');
    fireEvent.click(within(dialog).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ONE_TIME));
    expect(await within(dialog).findByText('已复制')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '我已记下，关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(ONE_TIME)).toBeNull();
  });
});
