import { useQuery } from '@tanstack/react-query';
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
import { adminDetailQuery, adminPageQuery, useAdminChange } from './admin-query';

export interface PlayerFilters {
  q: string;
  status: PlayerStatus | '';
  page: number;
}

export const playersQuery = (filters: PlayerFilters) =>
  adminPageQuery([...adminKeys.all, 'players', filters], '/api/admin/players', filters, adminPlayerPage);
export const usePlayers = (filters: PlayerFilters) => useQuery(playersQuery(filters));

export const usePlayerDetail = (id: number | null) =>
  useQuery(adminDetailQuery([...adminKeys.all, 'player', id], '/api/admin/players/detail', { id }, adminPlayerDetail));

export type PlayerChange =
  | { kind: 'freeze'; id: number; frozen: boolean; reason: string }
  | { kind: 'endSessions'; id: number; reason: string }
  | { kind: 'adjustBalance'; id: number; balance: 'coin' | 'point'; amountFen: number; reason: string };

/** Each change is audited on the server with its reason; lists, the open player and the audit log refresh. */
export function usePlayerChange() {
  return useAdminChange(async (change: PlayerChange): Promise<unknown> => {
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
  });
}
