import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realityCheckSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { activityKeys } from './keys';

/** POST /api/activity/realityCheck { intervalMinutes ∈ 0, 15, 30, 45, 60, 90, 120 }. */
export const setRealityCheck = (intervalMinutes: number) =>
  apiPost('/api/activity/realityCheck', { intervalMinutes }, { schema: realityCheckSchema });

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    // The dialog's timer reads the interval from the session answer: both refresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}
