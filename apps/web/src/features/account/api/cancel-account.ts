import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { apiPost } from '../../../shared/api/client';
import { endSession } from '../../../shared/api/session';

/** POST /api/personalCenter/cancelAccount {code} → true; the session ends with the account. */
export const cancelAccount = (params: { code: string }) => apiPost('/api/personalCenter/cancelAccount', params, { schema: z.boolean() });

export function useCancelAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: cancelAccount,
    onSuccess: () => {
      endSession(queryClient);
      void navigate('/');
    },
  });
}
