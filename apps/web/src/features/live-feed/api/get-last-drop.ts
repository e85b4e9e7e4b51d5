import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { dropItemSchema, limits } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/stat/lastDrop (spec §7): newest first, limit 20, isTop for the rare list. */
export const lastDropQuery = (isTop: boolean) =>
  queryOptions({
    queryKey: queryKeys.lastDrop(isTop),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/stat/lastDrop',
        { limit: limits.lastDropDefaultLimit, isTop },
        { schema: z.array(dropItemSchema), signal, skipErrorToast: true },
      ),
    // The socket keeps the lists current after the first page; no polling.
    staleTime: Number.POSITIVE_INFINITY,
  });
