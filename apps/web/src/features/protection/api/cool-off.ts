import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protectionStateSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { protectionKeys } from './keys';

/** POST /api/protection/coolOff { days: 1..42, confirm: true }: cannot be undone. */
export const coolOff = (days: number) => apiPost('/api/protection/coolOff', { days, confirm: true }, { schema: protectionStateSchema });

export function useCoolOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: coolOff,
    onSuccess: (state) => queryClient.setQueryData(protectionKeys.state, state),
  });
}
