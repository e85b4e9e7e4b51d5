import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goldenCodeRewardSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { refreshWallet } from '../../../shared/api/wallet-refresh';

/**
 * POST /api/redPacket/receive {code} (login) → the reward. Refusals (5201 invalid or expired, 5202 used
 * up, 5203 already redeemed, 5204 too many tries, 1001 format) are shown under the field, not toasted.
 */
export const redeemGoldenCode = (code: string) =>
  apiPost('/api/redPacket/receive', { code }, { schema: goldenCodeRewardSchema, skipErrorToast: true, idempotent: true });

export function useRedeemGoldenCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemGoldenCode, onSuccess: () => refreshWallet(queryClient) });
}
