import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRewardVoucherResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { refreshWallet } from '../../../shared/api/wallet-refresh';

/**
 * POST /api/personalCenter/useRewardVoucher {rewardVoucherIds: "1,2"} (login) → {quantity, amount,
 * balance}: red packets into coins, all or nothing; 5301 "红包不存在、已使用或已过期" (envelope toast).
 */
export const claimRedPackets = (ids: readonly number[]) =>
  apiPost(
    '/api/personalCenter/useRewardVoucher',
    { rewardVoucherIds: ids.join(',') },
    { schema: useRewardVoucherResultSchema, idempotent: true },
  );

/** Settled either way: a refusal means the list is stale, so the lists, balance and wallet refetch. */
export function useClaimRedPackets() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: claimRedPackets, onSettled: () => refreshWallet(queryClient) });
}
