import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { releaseWithdrawalHoldResult, withdrawalRulesSchema, type WithdrawalRules } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

/** The withdrawal guard's calls (issue 24 §2 and §4): its settings and releasing a player's hold. */

export const useWithdrawalRules = () =>
  useQuery({
    queryKey: [...adminKeys.all, 'withdrawals', 'rules'] as const,
    queryFn: () => adminRequest('GET', '/api/admin/withdrawals/rules', {}, withdrawalRulesSchema),
  });

function useGuardChange<P, R>(fn: (params: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useSaveWithdrawalRules = () =>
  useGuardChange((p: WithdrawalRules & { reason: string }) =>
    adminRequest('POST', '/api/admin/withdrawals/rules', p, withdrawalRulesSchema),
  );

export const useReleaseWithdrawalHold = () =>
  useGuardChange((p: { id: number; reason: string }) =>
    adminRequest('POST', '/api/admin/players/releaseWithdrawalHold', p, releaseWithdrawalHoldResult, {
      idempotent: true,
    }),
  );
