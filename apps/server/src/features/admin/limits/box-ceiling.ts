import { returnRateBpOf } from '@skinfair/contract';
import type { Executor } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import { readLimits } from './settings.js';

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * Issue 24 §11: a box's declared return (the catalogue's expected return ÷ its price, as players see it)
 * may not exceed the console's ceiling (default 98 %). Checked on what a save or publish leaves in force,
 * in its transaction, so a refused change writes nothing.
 */
export async function assertReturnWithinCeiling(ex: Executor, box: { expectedReturnFen: number; priceFen: number }): Promise<void> {
  const ceilingBp = (await readLimits(ex)).boxReturnCeilingBp;
  const rateBp = returnRateBpOf(box.expectedReturnFen, box.priceFen);
  if (rateBp <= ceilingBp) return;
  throw new AppError('BOX_RETURN_ABOVE_CEILING', `rate ${rateBp} ceiling ${ceilingBp}`, {
    zh: `声明返奖率 ${percent(rateBp)} 高于上限 ${percent(ceilingBp)}，无法保存或发布；请调整掉落、权重或价格`,
    en: `The declared return of ${percent(rateBp)} is above the ceiling of ${percent(ceilingBp)}; adjust the drops, weights or price`,
  });
}
