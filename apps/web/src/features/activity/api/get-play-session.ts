import { queryOptions, useQuery } from '@tanstack/react-query';
import { activitySessionSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { activityKeys } from './keys';

/** GET /api/activity/session: the login session's start, elapsed time, net result and reality check interval. */
export const playSessionQuery = () =>
  queryOptions({
    queryKey: activityKeys.session,
    queryFn: ({ signal }) => apiGet('/api/activity/session', {}, { schema: activitySessionSchema, signal, skipErrorToast: true }),
    staleTime: 0,
  });

export const usePlaySession = () => useQuery(playSessionQuery());
