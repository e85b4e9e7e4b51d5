import { useMutation, useQueryClient } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';
import { useStoreBattle } from './store-battle';

/** POST /api/battle/joinBot {battleCode, botId? (none = any), pos (0 = first free)} (login, the creator). */
export const joinBot = (params: { battleCode: string; botId?: number; pos?: number }) =>
  apiPost('/api/battle/joinBot', params, { schema: battleDetailSchema, idempotent: true });

export function useJoinBot() {
  const queryClient = useQueryClient();
  const store = useStoreBattle();
  return useMutation({
    mutationFn: joinBot,
    onSuccess: store,
    onSettled: () =>
      Promise.all([battleKeys.mineAll, battleKeys.lists, battleKeys.bots].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
