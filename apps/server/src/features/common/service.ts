import type { SysConfig } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { defaultSiteSettings, type SiteSettings } from './defaults.js';
import { insertMissingSettings, readSettings } from './repo.js';

export interface SysConfigEnv {
  beaconSource: 'local' | 'drand';
  sandbox: boolean;
}

export async function loadSiteSettings(ex: Executor): Promise<SiteSettings> {
  const stored = await readSettings(ex);
  const merged: Record<string, unknown> = { ...defaultSiteSettings };
  for (const key of Object.keys(defaultSiteSettings)) {
    const value = stored.get(key);
    if (typeof value === typeof merged[key]) merged[key] = value;
  }
  return merged as SiteSettings;
}

export const ensureDefaultSettings = (ex: Executor) => insertMissingSettings(ex, defaultSiteSettings);

/** GET /api/common/sysConfig: the operator's switches plus what the client needs to boot. */
export async function getSysConfig(ex: Executor, env: SysConfigEnv): Promise<SysConfig> {
  const s = await loadSiteSettings(ex);
  return {
    switchBalanceType: s.switchBalanceType,
    showPublicText: s.showPublicText,
    publicText: s.publicText,
    siteName: s.siteName,
    imageHost: '/img',
    wsPath: '/ws',
    currencySymbol: s.currencySymbol,
    firstDepositBonusPercent: s.firstDepositBonusPercent,
    minimumAge: 18,
    customerServiceUrl: s.customerServiceUrl,
    beaconSource: env.beaconSource,
    sandbox: env.sandbox,
    serverTime: new Date().toISOString(),
  };
}
