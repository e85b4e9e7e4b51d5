import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dailyTopUpClaimSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { refreshWallet } from '../../../shared/api/wallet-refresh';

/** POST /api/activity/dailyTopUp/claim → {reward, balance}; 5003 tier not reached, 5004 already claimed. */
export const claimDailyTopUp = () => apiPost('/api/activity/dailyTopUp/claim', {}, { schema: dailyTopUpClaimSchema, idempotent: true });

export function useClaimDailyTopUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: claimDailyTopUp, onSettled: () => refreshWallet(queryClient) });
}
