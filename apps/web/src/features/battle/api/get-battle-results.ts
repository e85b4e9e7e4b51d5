import { queryOptions, useQuery } from '@tanstack/react-query';
import { battleResultsSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/**
 * GET /api/battle/getBattleResults {battleCode}: the detail plus the rolls revealed so far. Asked only
 * once the battle has ended; a refusal is shown in the room, not as a toast.
 */
export const battleResultsQuery = (battleCode: string) =>
  queryOptions({
    queryKey: battleKeys.results(battleCode),
    queryFn: ({ signal }) =>
      apiGet('/api/battle/getBattleResults', { battleCode }, { schema: battleResultsSchema, signal, skipErrorToast: true }),
  });

/** Rounds come out one per roundMs for every watcher: without a live socket the room still follows them. */
export const useBattleResults = (battleCode: string, enabled: boolean) =>
  useQuery({
    ...battleResultsQuery(battleCode),
    enabled: enabled && battleCode !== '',
    refetchInterval: (query) => (query.state.data?.winnerPos === null ? query.state.data.roundMs : false),
  });
