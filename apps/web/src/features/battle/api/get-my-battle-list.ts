import { useQuery } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { battleKeys } from './battle-keys';

/** GET /api/battle/getMyBattleList {mode, page, pageSize 10} (login): every battle the caller sat in. */
export const myBattlesQuery = (params: { mode: number; page: number }) =>
  pageQuery({
    queryKey: battleKeys.mine(params),
    path: '/api/battle/getMyBattleList',
    params,
    item: battleDetailSchema,
  });

export function useMyBattles(params: { mode: number; page: number }, enabled = true) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...myBattlesQuery(params), enabled: enabled && loggedIn });
}
