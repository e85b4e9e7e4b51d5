import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, shopItemSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import type { ShopQuery } from '../shop-params';

/** GET /api/shop/page {page, pageSize, sort, category?, name?}. */
export const shopPageQuery = (params: ShopQuery) =>
  queryOptions({
    queryKey: queryKeys.shopPage({ ...params }),
    queryFn: ({ signal }) => apiGet('/api/shop/page', { ...params }, { schema: pageSchema(shopItemSchema), signal }),
    placeholderData: keepPreviousData,
  });

export const useShopPage = (params: ShopQuery) => useQuery(shopPageQuery(params));
