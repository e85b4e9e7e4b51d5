import { useMutation, useQueryClient } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { battleKeys } from './battle-keys';
import { useStoreBattle } from './store-battle';

export interface CreateBattleInput {
  /** Box ids, one per round, in order; repeats allowed. */
  boxIds: readonly number[];
  countCustomer: number;
  mode: number;
  password?: string;
}

/**
 * POST /api/battle/create {boxLists (comma list, one id per round), countCustomer, mode, password?}
 * (login): the creator takes seat 1 and pays the entry price.
 */
export const createBattle = ({ boxIds, countCustomer, mode, password }: CreateBattleInput) =>
  apiPost(
    '/api/battle/create',
    { boxLists: boxIds.join(','), countCustomer, mode, ...(password ? { password } : {}) },
    { schema: battleDetailSchema, idempotent: true },
  );

export function useCreateBattle() {
  const queryClient = useQueryClient();
  const store = useStoreBattle();
  return useMutation({
    mutationFn: createBattle,
    onSuccess: store,
    onSettled: () =>
      Promise.all(
        [queryKeys.userInfo, queryKeys.wallet, battleKeys.mineAll, battleKeys.lists].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
