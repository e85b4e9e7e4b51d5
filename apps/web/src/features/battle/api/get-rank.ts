import { queryOptions, useQuery } from '@tanstack/react-query';
import { battleRankPageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** GET /api/battle/rank: today's and yesterday's battle points; myReward is the caller's (0 for a guest). */
export const battleRankQuery = queryOptions({
  queryKey: battleKeys.rank,
  queryFn: ({ signal }) => apiGet('/api/battle/rank', {}, { schema: battleRankPageSchema, signal }),
});

export const useBattleRank = (enabled: boolean) => useQuery({ ...battleRankQuery, enabled });
