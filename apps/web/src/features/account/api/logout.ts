import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { apiPost } from '../../../shared/api/client';
import { endSession } from '../../../shared/api/session';

/** POST /api/auth/logout → true. */
export const logout = () => apiPost('/api/auth/logout', {}, { schema: z.boolean(), skipErrorToast: true });

/**
 * Spec §4: logout calls the server, removes the token and navigates to /. The token goes even when the
 * call fails (offline, already expired): the user asked to be logged out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      endSession(queryClient);
      void navigate('/');
    },
  });
}
