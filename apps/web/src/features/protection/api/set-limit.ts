import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protectionStateSchema, type ProtectionLimitKind } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { protectionKeys } from './keys';

/** POST /api/protection/setLimit { kind, value? } (no value: remove, after 24 hours). */
export const setLimit = ({ kind, value }: { kind: ProtectionLimitKind; value: number | null }) =>
  apiPost('/api/protection/setLimit', value === null ? { kind } : { kind, value }, {
    schema: protectionStateSchema,
  });

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (state) => queryClient.setQueryData(protectionKeys.state, state),
  });
}
