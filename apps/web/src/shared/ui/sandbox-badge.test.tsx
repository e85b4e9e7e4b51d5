import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { queryKeys } from '../api/query-keys';
import { SandboxBadge } from './sandbox-badge';

describe('sandbox badge (issue 9 §1)', () => {
  it('shows on a sandbox server', async () => {
    const { queryClient } = renderWithProviders(<SandboxBadge />, '/home');
    queryClient.setQueryData(queryKeys.sysConfig, { sandbox: true });
    expect((await screen.findByTestId('sandbox-badge')).textContent).toMatch('沙盒演示');
  });

  it('stays hidden on a real server', () => {
    const { queryClient } = renderWithProviders(<SandboxBadge />, '/home');
    queryClient.setQueryData(queryKeys.sysConfig, { sandbox: false });
    expect(screen.queryByTestId('sandbox-badge')).toBeNull();
  });
});
