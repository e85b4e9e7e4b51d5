import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { balanceLogSchema, limits, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface BalanceLogFilter {
  page: number;
  /** -1 all, 0 coins, 1 points, 2 secondary. */
  balanceType: number;
  /** '' for every action. */
  actionType: string;
}

/** GET /api/personalCenter/getMyBalanceLog {page, pageSize, balanceType, actionType?}: 流水记录 from the ledger. */
export const balanceLogQuery = (filter: BalanceLogFilter) =>
  queryOptions({
    queryKey: queryKeys.balanceLog(filter),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyBalanceLog',
        {
          page: filter.page,
          pageSize: limits.defaultPageSize,
          balanceType: filter.balanceType,
          actionType: filter.actionType || undefined,
        },
        { schema: pageSchema(balanceLogSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useBalanceLog = (filter: BalanceLogFilter) => useQuery(balanceLogQuery(filter));
