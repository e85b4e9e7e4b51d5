import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionInfoSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

export const sessionsQueryKey = ['user', 'sessions'] as const;

/** GET /api/auth/sessions: the devices logged in to this account ("登录设备"). */
export const sessionsQuery = queryOptions({
  queryKey: sessionsQueryKey,
  queryFn: ({ signal }) => apiGet('/api/auth/sessions', {}, { schema: z.array(sessionInfoSchema), signal }),
});

export const useSessions = () => useQuery(sessionsQuery);
