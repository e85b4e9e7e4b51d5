import { useQuery } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { battleKeys } from './battle-keys';

/** GET /api/battle/getList {mode −1|0|1, state −1|0..4, page, pageSize 10}: public battles, newest first. */
export const battleListQuery = (params: { mode: number; state: number; page: number }) =>
  pageQuery({
    queryKey: battleKeys.list(params),
    path: '/api/battle/getList',
    params,
    item: battleDetailSchema,
  });

export const useBattleList = (params: { mode: number; state: number; page: number }, enabled = true) =>
  useQuery({ ...battleListQuery(params), enabled });
