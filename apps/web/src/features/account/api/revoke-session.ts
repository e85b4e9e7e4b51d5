import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../shared/api/client';
import { sessionsQueryKey } from './get-sessions';

/** POST /api/auth/revokeSession {sessionId}: logs that device out. */
export const revokeSession = (params: { sessionId: number }) => apiPost('/api/auth/revokeSession', params);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
