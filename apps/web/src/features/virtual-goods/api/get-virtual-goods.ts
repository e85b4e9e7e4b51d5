import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { virtualGoodSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/common/virtualGoods: the catalogue, marking what the caller owns and wears. */
export const virtualGoodsQuery = queryOptions({
  queryKey: queryKeys.virtualCatalogue,
  queryFn: ({ signal }) => apiGet('/api/common/virtualGoods', {}, { schema: z.array(virtualGoodSchema), signal }),
});
export const useVirtualGoods = () => useQuery(virtualGoodsQuery);
