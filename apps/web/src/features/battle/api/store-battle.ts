import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { BattleDetail } from '@skinfair/contract';
import { queryKeys } from '../../../shared/api/query-keys';
import { battleKeys } from './battle-keys';

/** Every battle call answers with the room as it now is: it replaces the cached room at once. */
export function useStoreBattle(): (detail: BattleDetail) => void {
  const queryClient = useQueryClient();
  return useCallback((detail: BattleDetail) => queryClient.setQueryData(battleKeys.detail(detail.battleCode), detail), [queryClient]);
}

/** What a seat that is paid or refunded changes: the balance, the wallet, my battles and the lists. */
export const paidSeatKeys: readonly QueryKey[] = [queryKeys.userInfo, queryKeys.wallet, battleKeys.mineAll, battleKeys.lists];

/** A call that changes a room: its answer is stored, then whatever else it changed (`refresh`) is fetched again. */
export function useBattleMutation<P>(mutationFn: (params: P) => Promise<BattleDetail>, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const store = useStoreBattle();
  return useMutation({
    mutationFn,
    onSuccess: store,
    onSettled: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
