import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dreamResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { dreamKeys } from './dream-keys';

export interface StartDreamInput {
  targetId: number;
  /** In 1/100000. */
  probability: number;
  /** Backpack item ids staked. */
  itemIds: readonly number[];
  /** The coins (fen) the player confirmed; the server refuses rather than charge more. */
  coinsFen: number;
}

/** POST /api/upgrade/startUpgrade {upgradeGiftId, probability, vouchers "1,2", quantity} (login). */
export const startDream = ({ targetId, probability, itemIds, coinsFen }: StartDreamInput) =>
  apiPost(
    '/api/upgrade/startUpgrade',
    { upgradeGiftId: targetId, probability, vouchers: itemIds.join(','), quantity: coinsFen },
    { schema: dreamResultSchema, idempotent: true },
  );

/**
 * A dream spends coins or items, takes a nonce and may put the target in the backpack: the header balance,
 * the backpack (and the stake list under it), the seed page and every dream record are refreshed.
 */
export function useStartDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDream,
    onSettled: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.wallet, queryKeys.backpack, queryKeys.seeds, dreamKeys.records, dreamKeys.myLogAll].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
