import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResult } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

export const dashboardQuery = (days: number) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'dashboard', days] as const,
    queryFn: () => adminRequest('GET', '/api/admin/dashboard', { days }, dashboardResult),
    placeholderData: keepPreviousData,
    // "Online now" and today's figures move: refreshed while the screen is open.
    refetchInterval: 60_000,
  });
export const useDashboard = (days: number) => useQuery(dashboardQuery(days));
