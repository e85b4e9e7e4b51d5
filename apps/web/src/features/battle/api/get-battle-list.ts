import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { battleDetailSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** GET /api/battle/getBattleList {size 4}: the newest open or running public rooms, for the /home tab. */
export const homeBattlesQuery = queryOptions({
  queryKey: battleKeys.home,
  queryFn: ({ signal }) => apiGet('/api/battle/getBattleList', { size: 4 }, { schema: z.array(battleDetailSchema), signal }),
});

export const useHomeBattles = () => useQuery(homeBattlesQuery);
