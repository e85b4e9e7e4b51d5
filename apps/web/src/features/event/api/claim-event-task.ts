import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimEventTaskResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { refreshWallet } from '../../../shared/api/wallet-refresh';
import { eventKeys } from './event-keys';

/** POST /api/event/claimTask {taskId} (login); 9002 not complete, 9003 already claimed today. */
export const claimEventTask = (taskId: number) =>
  apiPost('/api/event/claimTask', { taskId }, { schema: claimEventTaskResultSchema, idempotent: true });

/** A claim credits points: the header balance and the task list (now "claimed") are refreshed either way. */
export function useClaimEventTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimEventTask,
    onSettled: () => Promise.all([refreshWallet(queryClient), queryClient.invalidateQueries({ queryKey: eventKeys.all })]),
  });
}
