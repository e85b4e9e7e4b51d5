import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { homepageStatSchema, languageSchema, sysConfigSchema } from '@skinfair/contract';
import { apiGet } from './client';
import { queryKeys } from './query-keys';
import { noteServerTime } from '../time/server-clock';

/** Boot data used by the shell (app/) and by several features, so it lives in shared/. */
export const sysConfigQuery = queryOptions({
  queryKey: queryKeys.sysConfig,
  queryFn: async ({ signal }) => {
    const sentAt = Date.now();
    const config = await apiGet('/api/common/sysConfig', {}, { schema: sysConfigSchema, signal });
    noteServerTime(config.serverTime, sentAt, Date.now());
    return config;
  },
  staleTime: 5 * 60_000,
});
export const useSysConfig = () => useQuery(sysConfigQuery);

export const languageListQuery = queryOptions({
  queryKey: queryKeys.languageList,
  queryFn: ({ signal }) => apiGet('/api/common/getLanguageList', {}, { schema: z.array(languageSchema), signal, skipErrorToast: true }),
  staleTime: Number.POSITIVE_INFINITY,
});
export const useLanguageList = () => useQuery(languageListQuery);

/** Online count and site totals (header and home). Refreshed every minute, quietly. */
export const homepageStatQuery = queryOptions({
  queryKey: queryKeys.homepageStat,
  queryFn: ({ signal }) => apiGet('/api/stat/homepage', {}, { schema: homepageStatSchema, signal, skipErrorToast: true }),
  refetchInterval: 60_000,
});
export const useHomepageStat = () => useQuery(homepageStatQuery);
