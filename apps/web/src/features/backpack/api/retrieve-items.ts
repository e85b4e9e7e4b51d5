import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { retrievalSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** POST /api/personalCenter/ornamentRetrieval {ids}: needs a Steam trade link (4004 otherwise). */
export const retrieveItems = (ids: readonly number[]) =>
  apiPost(
    '/api/personalCenter/ornamentRetrieval',
    { ids: ids.join(',') },
    { schema: z.array(retrievalSchema), idempotent: true },
  );

export function useRetrieveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrieveItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backpack }),
  });
}
