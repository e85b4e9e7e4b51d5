import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** POST /api/personalCenter/bindInviter {invitationCode}: once; 5101 bound, 5102 self, 5103 cycle, 3116 unknown. */
export const bindInviter = (invitationCode: string) =>
  apiPost('/api/personalCenter/bindInviter', { invitationCode }, { schema: z.literal(true) });

export function useBindInviter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindInviter,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.promotionInfo }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
      ]),
  });
}
