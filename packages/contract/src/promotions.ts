import { z } from 'zod';
import { bool, int, text } from './fields.js';

/**
 * GET /api/common/promotionList: the running deposit promotions with their terms, read from the same
 * settings and tables the deposit uses, so the page can never promise more than a deposit pays.
 */
export const promotionListSchema = z.object({
  /** First completed deposit: this percent of the credited coins, once per player and device, real name required. */
  firstDeposit: z.object({ bonusPercent: int, needsRealName: bool }),
  /** VIP grades: the extra credit on every deposit (basis points) and the one-off reward on reaching a grade. */
  vipGrades: z.array(
    z.object({
      grade: int,
      name: text,
      /** Experience needed (1 fen deposited = 1 experience). */
      expMin: int,
      rechargeBonusBp: int,
      levelReward: int,
      freeBoxes: int,
    }),
  ),
  /** Daily top-up reward: the day's (China time) completed deposits reach a tier, its reward is claimed once a day. */
  dailyTopUp: z.array(z.object({ minDeposit: int, reward: int })),
});
export type PromotionList = z.infer<typeof promotionListSchema>;
