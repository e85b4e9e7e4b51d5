import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorStatus, rolePermissions, type AdminMe, type Operator } from '@skinfair/contract';
import { callsTo, refuse, stubApi } from '../../test/render';
import { page, renderAdmin } from './testing';

afterEach(() => vi.unstubAllGlobals());

const root: Operator = {
  id: 1,
  name: 'root',
  role: 'admin',
  enrolled: true,
  disabled: false,
  mustChangePassword: false,
  passwordExpiresAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
};
const me: AdminMe = {
  ...root,
  permissions: [...rolePermissions.admin],
  idleExpiresAt: '2026-11-25T09:00:00.000Z',
};

describe('the operator console', () => {
  it('enrols two-factor at the first login: QR code and key, then the code, then the overview', async () => {
    let verified = false;
    const fetchFn = stubApi({
      '/api/admin/me': () => (verified ? me : refuse(errorStatus('ADMIN_NOT_LOGGED_IN'), '请先登录管理后台')),
      '/api/admin/login': () => ({
        token: 'op_pending',
        next: 'enrol',
        enrolment: {
          uri: 'otpauth://totp/Skinfair:root?secret=JBSWY3DPEHPK3PXP',
          secret: 'JBSWY3DPEHPK3PXP',
        },
      }),
      '/api/admin/totp': (params) => {
        if (params.get('code') !== '123456') return refuse(errorStatus('ADMIN_TOTP_WRONG'), '动态验证码错误');
        verified = true;
        return me;
      },
      '/api/admin/operators': () => page([root]),
    });
    const router = renderAdmin('/admin/login');
    fireEvent.change(await screen.findByLabelText('登录名'), { target: { value: 'root' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'root-password-0123' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByRole('heading', { name: '设置两步验证' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: '两步验证二维码' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('6位动态验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    expect((await screen.findByRole('alert')).textContent).toContain('动态验证码错误');

    fireEvent.change(screen.getByLabelText('6位动态验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    // Issue 30 §9: the console opens on the overview, not on the operators list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: '数据概览' })).toBeTruthy();
    // The console's token goes in its own header, never as a player's `token`.
    const totpCall = fetchFn.mock.calls.find(([input]) => String(input).startsWith('/api/admin/totp'));
    expect((totpCall?.[1]?.headers as Record<string, string>)['admin-token']).toBe('op_pending');
    expect((totpCall?.[1]?.headers as Record<string, string>).token).toBeUndefined();
  });

  it('lists the 11 screens of the issue and says honestly which wait for the next stage', async () => {
    sessionStorage.setItem('skinfair_admin_token', 'op_whole');
    stubApi({ '/api/admin/me': () => me, '/api/admin/operators': () => page([root]) });
    renderAdmin('/admin/boxes');
    const nav = await screen.findByRole('navigation', { name: '管理后台导航' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      [
        'dashboard',
        'boxes',
        'returns',
        'items',
        'withdrawals',
        'players',
        'deposits',
        'promotions',
        'games',
        'limits',
        'content',
        'operators',
        'audit',
      ].map((p) => `/admin/${p}`),
    );
    expect(screen.getByRole('heading', { name: '箱子管理' })).toBeTruthy();
  });

  it('shows a content operator only the screens their role allows', async () => {
    sessionStorage.setItem('skinfair_admin_token', 'op_whole');
    stubApi({
      '/api/admin/me': () => ({ ...me, role: 'content', permissions: [...rolePermissions.content] }),
    });
    renderAdmin('/admin/content');
    const nav = await screen.findByRole('navigation', { name: '管理后台导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(
      // promotions.read and content.read only.
      ['推广与奖励', '内容管理'],
    );
  });

  it.each([
    ['admin', '/admin', '/admin/dashboard'],
    ['admin', '/admin/no-such-screen', '/admin/dashboard'],
    ['finance', '/admin', '/admin/dashboard'],
    // Roles without the overview open on the first screen of the sidebar they may see.
    ['support', '/admin', '/admin/withdrawals'],
    ['content', '/admin', '/admin/promotions'],
  ] as const)('opens the console of a %s at %s on %s (issue 30 §9)', async (role, from, landing) => {
    sessionStorage.setItem('skinfair_admin_token', 'op_whole');
    stubApi({ '/api/admin/me': () => ({ ...me, role, permissions: [...rolePermissions[role]] }) });
    const router = renderAdmin(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it('sends a logged-out operator to the login page', async () => {
    stubApi({ '/api/admin/me': () => refuse(errorStatus('ADMIN_NOT_LOGGED_IN'), '请先登录管理后台') });
    const router = renderAdmin('/admin/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('filters the audit log on the server and shows before and after as named fields', async () => {
    sessionStorage.setItem('skinfair_admin_token', 'op_whole');
    const fetchFn = stubApi({
      '/api/admin/me': () => me,
      '/api/admin/audit': () =>
        page([
          {
            id: 7,
            operatorId: 1,
            operatorName: 'root',
            at: '2026-11-25T08:30:00.000Z',
            action: 'operator.set-role',
            targetType: 'operator',
            targetId: '3',
            before: { role: 'support' },
            after: { role: 'finance' },
            ip: '127.0.0.1',
          },
        ]),
    });
    renderAdmin('/admin/audit');
    // Issue 30 §8: the action by its Chinese name, the change as a labelled field, not JSON.
    expect((await screen.findByTestId('audit-action')).textContent).toBe('修改操作员角色');
    expect(screen.getByTestId('audit-change').textContent).toBe('角色：客服→财务');
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: 'operator.create' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(callsTo(fetchFn, '/api/admin/audit').at(-1)?.get('action')).toBe('operator.create'));
  });
});
