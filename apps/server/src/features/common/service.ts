import { FIRST_DEPOSIT_PERCENT_TOKEN, type SysConfig } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { defaultSiteSettings, LEGACY_PUBLIC_TEXT, type SiteSettings } from './defaults.js';
import { insertMissingSettings, readSettings, replaceSettingIfUnchanged } from './repo.js';

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

export async function ensureDefaultSettings(ex: Executor): Promise<void> {
  await insertMissingSettings(ex, defaultSiteSettings);
  await replaceSettingIfUnchanged(ex, 'publicText', LEGACY_PUBLIC_TEXT, defaultSiteSettings.publicText);
}

/** A public text as players read it: the first-deposit token replaced by the percent in force. */
export const withSiteFigures = (text: string, s: Pick<SiteSettings, 'firstDepositBonusPercent'>) =>
  text.replaceAll(FIRST_DEPOSIT_PERCENT_TOKEN, String(s.firstDepositBonusPercent));

/** GET /api/common/sysConfig: the operator's switches plus what the client needs to boot. */
export async function getSysConfig(ex: Executor, env: SysConfigEnv): Promise<SysConfig> {
  const s = await loadSiteSettings(ex);
  return {
    switchBalanceType: s.switchBalanceType,
    showPublicText: s.showPublicText,
    publicText: withSiteFigures(s.publicText, s),
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
