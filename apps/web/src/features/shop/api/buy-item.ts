import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopBuyResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** POST /api/shop/buy {id, quantity 1..10} (login): the items go to the backpack. Errors 2001, 4005. */
export const buyItem = (params: { id: number; quantity: number; couponId?: number | null }) =>
  apiPost('/api/shop/buy', params, { schema: shopBuyResultSchema, idempotent: true });

export function useBuyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyItem,
    onSettled: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.backpack, queryKeys.shop, queryKeys.coupons].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
