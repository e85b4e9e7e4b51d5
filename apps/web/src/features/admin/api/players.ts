import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPlayerDetail,
  adminPlayerPage,
  adminPlayerSchema,
  endSessionsResult,
  playerAdjustResult,
  orApprovalPending,
  type PlayerStatus,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

export interface PlayerFilters {
  q: string;
  status: PlayerStatus | '';
  page: number;
}

export const playersQuery = (filters: PlayerFilters) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'players', filters] as const,
    queryFn: () => adminRequest('GET', '/api/admin/players', { ...filters, pageSize: 20 }, adminPlayerPage),
    placeholderData: keepPreviousData,
  });
export const usePlayers = (filters: PlayerFilters) => useQuery(playersQuery(filters));

export const usePlayerDetail = (id: number | null) =>
  useQuery({
    queryKey: [...adminKeys.all, 'player', id] as const,
    queryFn: () => adminRequest('GET', '/api/admin/players/detail', { id }, adminPlayerDetail),
    enabled: id !== null,
  });

export type PlayerChange =
  | { kind: 'freeze'; id: number; frozen: boolean; reason: string }
  | { kind: 'endSessions'; id: number; reason: string }
  | { kind: 'adjustBalance'; id: number; balance: 'coin' | 'point'; amountFen: number; reason: string };

/** Each change is audited on the server with its reason; lists, the open player and the audit log refresh. */
export function usePlayerChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PlayerChange): Promise<unknown> => {
      if (change.kind === 'freeze')
        return adminRequest(
          'POST',
          '/api/admin/players/freeze',
          { id: change.id, frozen: change.frozen, reason: change.reason },
          adminPlayerSchema,
        );
      if (change.kind === 'endSessions')
        return adminRequest('POST', '/api/admin/players/endSessions', { id: change.id, reason: change.reason }, endSessionsResult);
      return adminRequest(
        'POST',
        '/api/admin/players/adjustBalance',
        { id: change.id, kind: change.balance, amountFen: change.amountFen, reason: change.reason },
        orApprovalPending(playerAdjustResult),
        { idempotent: true },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
