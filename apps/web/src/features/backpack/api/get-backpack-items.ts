import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { limits, ornamentSchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** 0 in the backpack, 1 used (swapped, retrieved, retrieving). */
export type BackpackState = 0 | 1;
/** 0 newest, 1 price high→low, 2 price low→high. */
export type BackpackSort = 0 | 1 | 2;

/** GET /api/personalCenter/getMyOrnamentPage {page, pageSize, sort, state}, loaded with "加载更多". */
export const backpackItemsQuery = (state: BackpackState, sort: BackpackSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.backpackItems(state, sort),
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        '/api/personalCenter/getMyOrnamentPage',
        { page: pageParam, pageSize: limits.defaultPageSize * 2, sort, state },
        { schema: pageSchema(ornamentSchema), signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

export const useBackpackItems = (state: BackpackState, sort: BackpackSort) => useInfiniteQuery(backpackItemsQuery(state, sort));
