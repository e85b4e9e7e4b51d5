import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/** GET /api/message/countUserUnreadMessage: a number (spec §3). Login only (spec §6). */
export const unreadCountQuery = queryOptions({
  queryKey: queryKeys.unreadCount,
  queryFn: ({ signal }) => apiGet('/api/message/countUserUnreadMessage', {}, { schema: z.number().int(), signal, skipErrorToast: true }),
  // The bell polls every minute and refreshes when the tab regains focus.
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 10_000,
});

export function useUnreadCount() {
  return useLoggedInQuery(unreadCountQuery);
}
