import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentSeedsSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * POST /api/key/reset {clientSeed?} (login): retires the active pair (its server seed and salt become
 * public) and activates the next one, with the given client seed or keeping the current one.
 */
export const resetSeed = (clientSeed?: string) =>
  apiPost('/api/key/reset', clientSeed ? { clientSeed } : {}, { schema: currentSeedsSchema });

export function useResetSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSeed,
    onSuccess: (current) => {
      queryClient.setQueryData(queryKeys.currentSeed, current);
      // Revealed rolls: the verify pages of the retired pair can now show the server seed.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.seeds }),
        queryClient.invalidateQueries({ queryKey: ['fair'] }),
      ]);
    },
  });
}
