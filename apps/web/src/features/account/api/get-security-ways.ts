import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { securityWaySchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/personalCenter/getAvailableSecurityWay: the ways the user can prove it is them. */
export const securityWaysQuery = queryOptions({
  queryKey: ['user', 'securityWays'] as const,
  queryFn: ({ signal }) => apiGet('/api/personalCenter/getAvailableSecurityWay', {}, { schema: z.array(securityWaySchema), signal }),
});

export const useSecurityWays = () => useQuery(securityWaysQuery);
