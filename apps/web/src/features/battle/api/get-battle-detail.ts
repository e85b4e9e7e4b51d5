import { queryOptions, useQuery } from '@tanstack/react-query';
import { battleDetailSchema, BattleStateCode } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** GET /api/battle/getBattleDetail {battleCode}: the room, its boxes and seats. */
export const battleDetailQuery = (battleCode: string) =>
  queryOptions({
    queryKey: battleKeys.detail(battleCode),
    queryFn: ({ signal }) => apiGet('/api/battle/getBattleDetail', { battleCode }, { schema: battleDetailSchema, signal }),
  });

/** A locked room waits for its beacon round (seconds): poll until it settles, in case no socket is open. */
const LOCKED_POLL_MS = 3_000;

export const useBattleDetail = (battleCode: string) =>
  useQuery({
    ...battleDetailQuery(battleCode),
    enabled: battleCode !== '',
    refetchInterval: (query) => (query.state.data?.state === BattleStateCode.running ? LOCKED_POLL_MS : false),
  });
