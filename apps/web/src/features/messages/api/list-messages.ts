import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messageSummarySchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export const MESSAGE_PAGE_SIZE = 10;

/** GET /api/message/listMessage (state -1 all, 0 unread, 1 read), paged with "加载更多". */
export const messageListQuery = (state: -1 | 0 | 1) =>
  infiniteQueryOptions({
    queryKey: queryKeys.messageList(state),
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        '/api/message/listMessage',
        { page: pageParam, pageSize: MESSAGE_PAGE_SIZE, state },
        { schema: pageSchema(messageSummarySchema), signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

export const useMessageList = (state: -1 | 0 | 1) => useInfiniteQuery(messageListQuery(state));
