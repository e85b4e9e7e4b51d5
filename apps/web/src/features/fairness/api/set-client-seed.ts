import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentSeedsSchema } from '@skinfair/contract';
import { apiPost, CLIENT_SEED_PATH } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * POST /api/key/clientSeed {clientSeed} (login): the first client seed of an active pair that has none
 * (issue 24 §13). Changing a seed that is set is a rotation (/api/key/reset), never this call.
 */
export const setClientSeed = (clientSeed: string) => apiPost(CLIENT_SEED_PATH, { clientSeed }, { schema: currentSeedsSchema });

export function useSetClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClientSeed,
    onSuccess: (current) => {
      queryClient.setQueryData(queryKeys.currentSeed, current);
      return queryClient.invalidateQueries({ queryKey: queryKeys.seeds });
    },
  });
}
