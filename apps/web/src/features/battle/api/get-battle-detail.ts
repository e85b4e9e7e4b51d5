import { queryOptions, useQuery } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** GET /api/battle/getBattleDetail {battleCode}: the room, its boxes and seats. */
export const battleDetailQuery = (battleCode: string) =>
  queryOptions({
    queryKey: battleKeys.detail(battleCode),
    queryFn: ({ signal }) =>
      apiGet('/api/battle/getBattleDetail', { battleCode }, { schema: battleDetailSchema, signal }),
  });

export const useBattleDetail = (battleCode: string) =>
  useQuery({ ...battleDetailQuery(battleCode), enabled: battleCode !== '' });
