import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { battleBotSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** POST /api/battle/getBots: the bots a creator may seat, each with its public record. */
export const botsQuery = queryOptions({
  queryKey: battleKeys.bots,
  queryFn: ({ signal }) => apiPost('/api/battle/getBots', {}, { schema: z.array(battleBotSchema), signal }),
  staleTime: 60_000,
});

export const useBots = (enabled: boolean) => useQuery({ ...botsQuery, enabled });
