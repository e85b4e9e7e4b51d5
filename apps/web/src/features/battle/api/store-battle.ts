import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BattleDetail } from '@skinfair/contract';
import { battleKeys } from './battle-keys';

/** Every battle call answers with the room as it now is: it replaces the cached room at once. */
export function useStoreBattle(): (detail: BattleDetail) => void {
  const queryClient = useQueryClient();
  return useCallback((detail: BattleDetail) => queryClient.setQueryData(battleKeys.detail(detail.battleCode), detail), [queryClient]);
}
