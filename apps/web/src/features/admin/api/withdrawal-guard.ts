import { useQuery } from '@tanstack/react-query';
import { releaseWithdrawalHoldResult, withdrawalRulesSchema, type WithdrawalRules } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { useAdminChange } from './admin-query';

/** The withdrawal guard's calls (issue 24 §2 and §4): its settings and releasing a player's hold. */

export const useWithdrawalRules = () =>
  useQuery({
    queryKey: [...adminKeys.all, 'withdrawals', 'rules'] as const,
    queryFn: () => adminRequest('GET', '/api/admin/withdrawals/rules', {}, withdrawalRulesSchema),
  });

export const useSaveWithdrawalRules = () =>
  useAdminChange((p: WithdrawalRules & { reason: string }) =>
    adminRequest('POST', '/api/admin/withdrawals/rules', p, withdrawalRulesSchema),
  );

export const useReleaseWithdrawalHold = () =>
  useAdminChange((p: { id: number; reason: string }) =>
    adminRequest('POST', '/api/admin/players/releaseWithdrawalHold', p, releaseWithdrawalHoldResult, {
      idempotent: true,
    }),
  );
