import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageDetailSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/message/getMessageDetail: the full text; reading it marks it read on the server. */
export const messageDetailQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.messageDetail(id),
    queryFn: ({ signal }) => apiGet('/api/message/getMessageDetail', { id }, { schema: messageDetailSchema, signal }),
  });

export function useMessageDetail(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery(messageDetailQuery(id));
  const loaded = query.isSuccess;
  useEffect(() => {
    // Opening marks the message read: the bell count and the list dots follow.
    if (!loaded) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.unreadCount });
    void queryClient.invalidateQueries({ queryKey: ['user', 'message', 'list'] });
  }, [loaded, queryClient]);
  return query;
}
