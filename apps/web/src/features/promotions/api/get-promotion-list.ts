import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionListSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/common/promotionList: the running deposit promotions and their terms (guests too). */
export const promotionListQuery = () =>
  queryOptions({
    queryKey: ['promotions', 'list'] as const,
    queryFn: ({ signal }) => apiGet('/api/common/promotionList', {}, { schema: promotionListSchema, signal }),
    staleTime: 60_000,
  });

export const usePromotionList = () => useQuery(promotionListQuery());
