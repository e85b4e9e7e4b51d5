import { useMutation, useQueryClient } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { battleKeys } from './battle-keys';
import { useStoreBattle } from './store-battle';

/** POST /api/battle/cancel {battleCode} (login, the creator, waiting only): every human seat is refunded. */
export const cancelBattle = (params: { battleCode: string }) =>
  apiPost('/api/battle/cancel', params, { schema: battleDetailSchema, idempotent: true });

export function useCancelBattle() {
  const queryClient = useQueryClient();
  const store = useStoreBattle();
  return useMutation({
    mutationFn: cancelBattle,
    onSuccess: store,
    onSettled: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.wallet, battleKeys.mineAll, battleKeys.lists].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
