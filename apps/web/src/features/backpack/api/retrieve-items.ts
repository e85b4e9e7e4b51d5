import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { errorStatus, retrievalSchema } from '@skinfair/contract';
import { isApiError } from '../../../shared/api/api-error';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * POST /api/personalCenter/ornamentRetrieval {ids}: needs a Steam trade link (4004 otherwise), of the bound Steam
 * account (9202), and no withdrawal hold in force (9201, issue 24).
 */
export const retrieveItems = (ids: readonly number[]) =>
  apiPost('/api/personalCenter/ornamentRetrieval', { ids: ids.join(',') }, { schema: z.array(retrievalSchema), idempotent: true });

export function useRetrieveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrieveItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backpack }),
    // A hold placed since the page loaded (issue 24 §2): the user info brings its end for the notice.
    onError: (error) => {
      if (isApiError(error) && error.status === errorStatus('WITHDRAWAL_HOLD'))
        void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    },
  });
}
