import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protectionStateSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { protectionKeys } from './keys';

/** POST /api/protection/selfExclude { months: 6 | 12 | 60, confirm: true }: cannot be undone. */
export const selfExclude = (months: number) =>
  apiPost('/api/protection/selfExclude', { months, confirm: true }, { schema: protectionStateSchema });

export function useSelfExclude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selfExclude,
    onSuccess: (state) => queryClient.setQueryData(protectionKeys.state, state),
  });
}
