import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeOwnPasswordResult, endedSessionsResult, operatorSessionList, type AdminMe } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

/** The operator's own live sessions (issue 24 §10), this one marked. */
export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.ownSessions(),
    queryFn: () => adminRequest('GET', '/api/admin/account/sessions', {}, operatorSessionList),
  });

export const useOwnSessions = () => useQuery(ownSessionsQuery());

/** The current password and a new one; the other sessions end. `me` is asked again (a forced change is done). */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { currentPassword: string; newPassword: string }) =>
      adminRequest('POST', '/api/admin/account/password', params, changeOwnPasswordResult),
    onSuccess: () => {
      // At once, so the console opens without a round trip back to the forced change screen.
      queryClient.setQueryData(adminKeys.me(), (me: AdminMe | undefined) =>
        me ? { ...me, mustChangePassword: false, passwordExpiresAt: null } : me,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** Ends one of the operator's sessions (`id`), or every other one (no id). */
export function useEndOwnSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) =>
      id === undefined
        ? adminRequest('POST', '/api/admin/account/sessions/endOthers', {}, endedSessionsResult)
        : adminRequest('POST', '/api/admin/account/sessions/end', { id }, endedSessionsResult),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ownSessions() }),
  });
}
