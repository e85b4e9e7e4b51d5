import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activitySummarySchema, type ActivityPeriod } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { activityKeys } from './keys';

/** GET /api/activity/summary {period: day, days ≤ 90 | period: month, months ≤ 12}. */
export const activitySummaryQuery = (period: ActivityPeriod, span: number) =>
  queryOptions({
    queryKey: activityKeys.summary(period, span),
    queryFn: ({ signal }) =>
      apiGet('/api/activity/summary', period === 'day' ? { period, days: span } : { period, months: span }, {
        schema: activitySummarySchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useActivitySummary = (period: ActivityPeriod, span: number) => useQuery(activitySummaryQuery(period, span));
