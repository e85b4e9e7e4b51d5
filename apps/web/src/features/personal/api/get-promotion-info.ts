import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionInfoSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/promotion/getPromotionInfo (login): code, link, inviter, level, rate and stats (spec §3). */
export const promotionInfoQuery = queryOptions({
  queryKey: queryKeys.promotionInfo,
  queryFn: ({ signal }) => apiGet('/api/promotion/getPromotionInfo', {}, { schema: promotionInfoSchema, signal }),
});

export const usePromotionInfo = () => useQuery(promotionInfoQuery);
