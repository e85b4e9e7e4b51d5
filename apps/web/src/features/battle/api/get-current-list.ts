import { useQuery } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { battleKeys } from './battle-keys';

/** GET /api/battle/getCurrentList {mode −1|0|1, page, pageSize 10}: public battles waiting or running. */
export const currentBattlesQuery = (params: { mode: number; page: number }) =>
  pageQuery({
    queryKey: battleKeys.current(params),
    path: '/api/battle/getCurrentList',
    params,
    item: battleDetailSchema,
  });

export const useCurrentBattles = (params: { mode: number; page: number }, enabled = true) =>
  useQuery({ ...currentBattlesQuery(params), enabled });
