import { queryOptions, useQuery } from '@tanstack/react-query';
import { transparencyBotsSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/transparency/bots: the house bots' battles, wins and profit and loss. */
export const transparencyBotsQuery = () =>
  queryOptions({
    queryKey: ['transparency', 'bots'] as const,
    queryFn: ({ signal }) => apiGet('/api/transparency/bots', {}, { schema: transparencyBotsSchema, signal, skipErrorToast: true }),
    staleTime: 60_000,
  });

export const useTransparencyBots = () => useQuery(transparencyBotsQuery());
