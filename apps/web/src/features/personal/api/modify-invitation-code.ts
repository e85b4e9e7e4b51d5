import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** POST /api/promotion/modifyInvitationCode {invitationCode}: once; 3005 format, 5104 taken, 5105 changed. */
export const modifyInvitationCode = (invitationCode: string) =>
  apiPost('/api/promotion/modifyInvitationCode', { invitationCode }, { schema: z.literal(true) });

export function useModifyInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyInvitationCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.promotionInfo }),
  });
}
