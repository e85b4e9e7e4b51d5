import { returnRateBpOf } from '@skinfair/contract';
import type { Executor } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import { readLimits } from './settings.js';

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * Issue 24 §11: a box's declared return (the catalogue's expected return ÷ its price, fixed at publication)
 * may not exceed the console's ceiling (default 98 %), and neither may its live return (issue 27 §11,
 * decision 0061: Σ weight × today's recovery price ÷ 100000 ÷ price, what the box page shows beside the
 * price), when the drops are given. Checked on what a save or publish leaves in force, in its transaction,
 * so a refused change writes nothing. Price changes check the live figure themselves (catalog console).
 */
export async function assertReturnWithinCeiling(
  ex: Executor,
  box: { expectedReturnFen: number; priceFen: number; drops?: Array<{ weight: number; recoveryPriceFen: number }> },
): Promise<void> {
  const ceilingBp = (await readLimits(ex)).boxReturnCeilingBp;
  const rateBp = returnRateBpOf(box.expectedReturnFen, box.priceFen);
  if (rateBp > ceilingBp)
    throw new AppError('BOX_RETURN_ABOVE_CEILING', `rate ${rateBp} ceiling ${ceilingBp}`, {
      zh: `声明返奖率 ${percent(rateBp)} 高于上限 ${percent(ceilingBp)}，无法保存或发布；请调整掉落、权重或价格`,
      en: `The declared return of ${percent(rateBp)} is above the ceiling of ${percent(ceilingBp)}; adjust the drops, weights or price`,
    });
  const liveBp = box.drops ? liveReturnBp(box.drops, box.priceFen) : 0;
  if (liveBp > ceilingBp)
    throw new AppError('BOX_RETURN_ABOVE_CEILING', `live rate ${liveBp} ceiling ${ceilingBp}`, {
      zh: `按今日回收价计算的当前期望返奖率 ${percent(liveBp)} 高于上限 ${percent(ceilingBp)}，无法保存或发布；请调整掉落、权重或价格`,
      en: `The return at today's recovery prices of ${percent(liveBp)} is above the ceiling of ${percent(ceilingBp)}; adjust the drops, weights or price`,
    });
}

/** Σ weight × recovery price over the 100,000 weight units, in basis points of the price, rounded down. */
function liveReturnBp(drops: Array<{ weight: number; recoveryPriceFen: number }>, priceFen: number): number {
  if (priceFen <= 0) return 0;
  const weighted = drops.reduce((sum, d) => sum + BigInt(d.weight) * BigInt(d.recoveryPriceFen), 0n);
  return Number((weighted * 10_000n) / (100_000n * BigInt(priceFen)));
}
