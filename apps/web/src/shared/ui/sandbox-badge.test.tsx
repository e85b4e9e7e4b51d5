import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, stubApi } from '../../test/render';
import { sysConfigFixture } from '../../test/fake-server';
import { renderAdmin } from '../../features/admin/testing';
import { queryKeys } from '../api/query-keys';
import { SandboxBadge } from './sandbox-badge';

describe('sandbox badge (issue 9 §1)', () => {
  it('shows on a sandbox server', async () => {
    const { queryClient } = renderWithProviders(<SandboxBadge />, '/home');
    queryClient.setQueryData(queryKeys.sysConfig, { sandbox: true });
    expect((await screen.findByTestId('sandbox-badge')).textContent).toMatch('沙盒演示');
  });

  it('is a strip in the page flow, and makes dialogs open below it (issue 30 §6)', async () => {
    const { queryClient, unmount } = renderWithProviders(<SandboxBadge />, '/home');
    queryClient.setQueryData(queryKeys.sysConfig, { sandbox: true });
    const strip = await screen.findByTestId('sandbox-badge');
    expect(strip.className).not.toMatch(/\b(fixed|absolute)\b/);
    expect(document.documentElement.style.getPropertyValue('--sandbox-strip')).toBe(strip.style.height);
    unmount();
    expect(document.documentElement.style.getPropertyValue('--sandbox-strip')).toBe('');
  });

  it('stays hidden on a real server', () => {
    const { queryClient } = renderWithProviders(<SandboxBadge />, '/home');
    queryClient.setQueryData(queryKeys.sysConfig, { sandbox: false });
    expect(screen.queryByTestId('sandbox-badge')).toBeNull();
  });
});

describe('sandbox badge in the operator console (issue 9 §1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows on the console of a sandbox server too', async () => {
    stubApi({ '/api/common/sysConfig': () => ({ ...sysConfigFixture, sandbox: true }) });
    renderAdmin('/admin/login');
    expect((await screen.findByTestId('sandbox-badge')).textContent).toMatch('沙盒演示');
  });
});
