import { queryOptions, useQuery } from '@tanstack/react-query';
import { headPicListSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/common/getHeadPicList: relative paths of the stock avatars (shown through the image host). */
export const headPicListQuery = queryOptions({
  queryKey: ['common', 'headPicList'] as const,
  queryFn: ({ signal }) => apiGet('/api/common/getHeadPicList', {}, { schema: headPicListSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useHeadPicList = (enabled: boolean) => useQuery({ ...headPicListQuery, enabled });
