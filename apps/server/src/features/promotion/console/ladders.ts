import type { z } from 'zod';
import type { firstDepositParams, PromotionLevelRow, promotionLevelsParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { loadSiteSettings, writeSetting } from '../../common/index.js';
import { audited, type Actor } from '../../admin/index.js';
import { listPromotionLevels, lockPromotionLevels, writePromotionLevels } from './repo.js';

/**
 * The promoter levels and the first-deposit rate (screen 8; the VIP ladder is vip/console/grades.ts). The
 * levels are replaced as a whole: the same levels (numbers) as today, the first threshold 0 and each next
 * strictly higher (the contract checks the order, this checks the set), every value inside its bound; one
 * audit row keeps the whole ladder before and after. The player-side features read these rows on every
 * call, so a change applies to the next deposit and rebate.
 */
type Ctx = Pick<AppContext, 'db'>;

const sameNumbers = (given: number[], existing: number[]) => given.length === existing.length && given.every((n, i) => n === existing[i]);

export const promotionLevels = (ctx: Ctx): Promise<PromotionLevelRow[]> => listPromotionLevels(ctx.db);

export async function savePromotionLevels(ctx: Ctx, actor: Actor, p: z.output<typeof promotionLevelsParams>): Promise<PromotionLevelRow[]> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await lockPromotionLevels(tx);
    const levels = [...p.levels].sort((a, b) => a.level - b.level);
    if (
      !sameNumbers(
        levels.map((l) => l.level),
        before.map((l) => l.level),
      )
    )
      throw new AppError('ADMIN_LADDER_GRADES', 'promotion levels differ');
    await writePromotionLevels(tx, levels);
    const after = await listPromotionLevels(tx);
    await audited(tx, actor, 'promotion.levels', { type: 'promotion_levels', id: null }, before, {
      levels: after,
      reason: p.reason,
    });
    return after;
  });
}

export const firstDeposit = async (ctx: Ctx) => ({
  bonusPercent: (await loadSiteSettings(ctx.db)).firstDepositBonusPercent,
});

/**
 * The first-deposit bonus percent (site_settings). A deposit order keeps the percent in force when it was
 * made (payments makePayment, the rate the player was shown); a change applies to orders made after it.
 */
export async function saveFirstDeposit(ctx: Ctx, actor: Actor, p: z.output<typeof firstDepositParams>) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = (await loadSiteSettings(tx)).firstDepositBonusPercent;
    await writeSetting(tx, 'firstDepositBonusPercent', p.bonusPercent);
    await audited(
      tx,
      actor,
      'firstDeposit.rate',
      { type: 'site_settings', id: 'firstDepositBonusPercent' },
      { bonusPercent: before },
      { bonusPercent: p.bonusPercent, reason: p.reason },
    );
    return { bonusPercent: p.bonusPercent };
  });
}
