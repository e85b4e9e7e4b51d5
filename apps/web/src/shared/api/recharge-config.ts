import { queryOptions, useQuery } from '@tanstack/react-query';
import { rechargeConfigSchema } from '@skinfair/contract';
import { useIsLoggedIn } from '../storage/use-is-logged-in';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/recharge/rechargeConfig: channels, currencies and rates, presets, the first-deposit bonus and
 * whether the user has deposited. The recharge overlay and the benefit overlay (two features) read it.
 */
export const rechargeConfigQuery = queryOptions({
  queryKey: queryKeys.rechargeConfig,
  queryFn: ({ signal }) => apiGet('/api/recharge/rechargeConfig', {}, { schema: rechargeConfigSchema, signal }),
});

/**
 * Logged in only: `hasRecharged` is per account (spec §6). `fresh`: asked again whenever the caller mounts
 * (the recharge panel), as the first-deposit offer and the deposit-limit room it shows change with the
 * player's deposits, verification and limits (issue 30 §1, §3).
 */
export function useRechargeConfig(options: { fresh?: boolean } = {}) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...rechargeConfigQuery, enabled: loggedIn, refetchOnMount: options.fresh ? 'always' : true });
}
