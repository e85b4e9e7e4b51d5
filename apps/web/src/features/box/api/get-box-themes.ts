import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { boxThemeSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/common/getBoxThemeList {boxType}: -1 all, 0 free boxes, 1 normal. */
export const boxThemesQuery = (boxType = -1) =>
  queryOptions({
    queryKey: queryKeys.boxThemes(boxType),
    queryFn: ({ signal }) => apiGet('/api/common/getBoxThemeList', { boxType }, { schema: z.array(boxThemeSchema), signal }),
    staleTime: 5 * 60_000,
  });

export const useBoxThemes = (boxType = -1) => useQuery(boxThemesQuery(boxType));
