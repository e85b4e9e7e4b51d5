import type { PromotionList } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { loadSiteSettings } from '../common/index.js';
import { listGrades } from '../vip/index.js';
import { readDailyTopUpTiers } from './daily-topup-tiers.js';

/**
 * The running deposit promotions (spec §2 /promotions), read from what a deposit itself applies: the
 * first-deposit percent of the site settings, the VIP grade table, the daily top-up tiers. A guest sees
 * the same terms a player does; the player's own progress stays behind the login (vip, dailyTopUp).
 */
export async function promotionList(ex: Executor): Promise<PromotionList> {
  const [settings, grades, tiers] = await Promise.all([loadSiteSettings(ex), listGrades(ex), readDailyTopUpTiers(ex)]);
  return {
    // The bonus is claimed through bonus-claims with needsIdentity (service.ts firstDepositBonus).
    firstDeposit: { bonusPercent: settings.firstDepositBonusPercent, needsRealName: true },
    vipGrades: grades.map((g) => ({
      grade: g.grade,
      name: g.name,
      expMin: g.expMin,
      rechargeBonusBp: g.rechargeBonusBp,
      levelReward: g.levelRewardFen,
      freeBoxes: g.freeBoxes,
    })),
    dailyTopUp: tiers.map((t) => ({ minDeposit: t.minDepositFen, reward: t.rewardFen })),
  };
}
