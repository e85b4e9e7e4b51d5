import { queryOptions, useQuery } from '@tanstack/react-query';
import { certifyOptionsSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/**
 * GET /api/auth/certifyOptions (login): the real-name ways the site's provider offers. It changes only with
 * the server's configuration, so it is read once per page load.
 */
export const certifyOptionsQuery = queryOptions({
  queryKey: ['auth', 'certifyOptions'] as const,
  queryFn: ({ signal }) => apiGet('/api/auth/certifyOptions', {}, { schema: certifyOptionsSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useCertifyOptions = () => useQuery(certifyOptionsQuery);
