import { dailyTopUpTiersProblem, dailyTopUpTiersSchema, type DailyTopUpTier } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { readSettings, writeSetting } from '../common/index.js';

/**
 * The daily top-up tiers (spec §1), owned by payments and stored in site_settings under this key; the
 * console edits them (issue 27 §5). Read on every status and claim, never cached, so a save reaches every
 * node at the next call.
 */
export const DAILY_TOPUP_TIERS_KEY = 'dailyTopUpTiers';

/** What the site offers until an operator saves other tiers: ¥100→¥2 … ¥10,000→¥388. */
export const DEFAULT_DAILY_TOPUP_TIERS: DailyTopUpTier[] = [
  { minDepositFen: 10_000, rewardFen: 200 },
  { minDepositFen: 50_000, rewardFen: 1_200 },
  { minDepositFen: 200_000, rewardFen: 5_800 },
  { minDepositFen: 1_000_000, rewardFen: 38_800 },
];

/** A stored value that no longer passes the rules (hand-edited, older shape) falls back to the defaults. */
export async function readDailyTopUpTiers(ex: Executor): Promise<DailyTopUpTier[]> {
  const parsed = dailyTopUpTiersSchema.safeParse((await readSettings(ex)).get(DAILY_TOPUP_TIERS_KEY));
  return parsed.success && dailyTopUpTiersProblem(parsed.data) === null ? parsed.data : DEFAULT_DAILY_TOPUP_TIERS;
}

/** Saves in the caller's transaction (the caller validated them and writes the audit row). */
export const writeDailyTopUpTiers = (tx: Tx, tiers: DailyTopUpTier[]) => writeSetting(tx, DAILY_TOPUP_TIERS_KEY, tiers);
