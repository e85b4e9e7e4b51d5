import { useMutation, useQueryClient } from '@tanstack/react-query';
import { virtualGoodSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.virtualCatalogue, queryKeys.myVirtual, queryKeys.userInfo, queryKeys.wallet].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/personalCenter/buyVirtual {id} (login): coins then points; a timed good is extended. */
export function useBuyVirtual() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiPost('/api/personalCenter/buyVirtual', { id }, { schema: virtualGoodSchema, idempotent: true }),
    onSettled: refresh,
  });
}

/** POST /api/personalCenter/equipVirtual {id, equip}: one frame and one name colour worn at a time. */
export function useEquipVirtual() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (p: { id: number; equip: boolean }) => apiPost('/api/personalCenter/equipVirtual', p, { schema: virtualGoodSchema }),
    onSettled: refresh,
  });
}
