import { useMutation, useQueryClient } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { battleKeys } from './battle-keys';
import { useStoreBattle } from './store-battle';

/** POST /api/battle/joinBattle {battleCode, pos (0 = first free), password?} (login): pays the entry price. */
export const joinBattle = (params: { battleCode: string; pos?: number; password?: string }) =>
  apiPost('/api/battle/joinBattle', params, { schema: battleDetailSchema, idempotent: true });

export function useJoinBattle() {
  const queryClient = useQueryClient();
  const store = useStoreBattle();
  return useMutation({
    mutationFn: joinBattle,
    onSuccess: store,
    onSettled: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.wallet, battleKeys.mineAll, battleKeys.lists].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
