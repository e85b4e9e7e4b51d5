import { returnRateBpOf, type BoxReturnMove } from '@skinfair/contract';
import type { Executor } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import { readLimits } from '../../admin/index.js';
import { boxesWithCurrentOdds } from '../current-odds.js';
import { boxesHoldingItemsForReturn } from './item-admin.js';

/**
 * What a price change (an edit, an import) does to the returns of the enabled boxes holding its items
 * (issue 27 §11, decision 0061). A box's declared return is fixed when its odds version is published; its
 * live return (当前期望回报率, what the box page shows beside the price) is Σ weight × today's recovery price,
 * so every price change moves it. The console warns when it moves by more than the set amount, and the
 * return ceiling (decision 0048) refuses a change that raises a box's live return above it.
 */

/** Σ weight × value over the version's 100,000 weight units, in basis points of the box price, rounded down. */
const liveBp = (weightedFen: bigint, priceFen: number) =>
  priceFen > 0 ? Number((weightedFen * 10_000n) / (100_000n * BigInt(priceFen))) : 0;

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * Each enabled box whose current odds hold a changed item: its returns before and after `newRecovery` (item
 * id → new recovery price), read from the rows as they are now. With `lock`, in the change's transaction
 * after its items are locked, the boxes are locked too (boxesHoldingItemsForReturn).
 */
export async function boxReturnMoves(
  ex: Executor,
  newRecovery: ReadonlyMap<number, number>,
  opts: { lock: boolean; warnMoveBp?: number },
): Promise<BoxReturnMove[]> {
  const held = (await boxesHoldingItemsForReturn(ex, [...newRecovery.keys()], opts.lock)).filter((b) => b.enabled);
  if (held.length === 0) return [];
  const ceilingBp = (await readLimits(ex)).boxReturnCeilingBp;
  const odds = new Map((await boxesWithCurrentOdds(ex, { boxIds: held.map((b) => b.boxId) })).map((b) => [b.boxId, b.drops]));
  const warnMoveBp = opts.warnMoveBp ?? 0;
  return held.map((b) => {
    let before = 0n;
    let after = 0n;
    for (const d of odds.get(b.boxId) ?? []) {
      before += BigInt(d.weight) * BigInt(d.priceFen);
      after += BigInt(d.weight) * BigInt(newRecovery.get(d.itemId) ?? d.priceFen);
    }
    const liveBeforeBp = liveBp(before, b.priceFen);
    const liveAfterBp = liveBp(after, b.priceFen);
    const aboveCeiling = liveAfterBp > ceilingBp;
    return {
      boxId: b.boxId,
      name: b.name,
      priceFen: b.priceFen,
      declaredBp: returnRateBpOf(b.expectedReturnFen, b.priceFen),
      liveBeforeBp,
      liveAfterBp,
      ceilingBp,
      aboveCeiling,
      // A cut that leaves a box still above the ceiling (set before the rule, or the ceiling lowered) helps.
      refused: aboveCeiling && liveAfterBp > liveBeforeBp,
      moved: Math.abs(liveAfterBp - liveBeforeBp) > warnMoveBp,
    };
  });
}

/** Boxes named in one refusal; the rest are counted. */
const NAMED = 10;

/** Refuses the change, naming the boxes, when it raises any enabled box's live return above the ceiling. */
export function assertLiveReturnsWithinCeiling(moves: BoxReturnMove[]): void {
  const refused = moves.filter((m) => m.refused);
  if (refused.length === 0) return;
  const ceiling = percent(refused[0]!.ceilingBp);
  const named = refused.slice(0, NAMED).map((m) => `#${m.boxId} ${m.name} ${percent(m.liveBeforeBp)} → ${percent(m.liveAfterBp)}`);
  const more = refused.length > NAMED ? refused.length - NAMED : 0;
  throw new AppError('BOX_LIVE_RETURN_ABOVE_CEILING', `boxes ${refused.map((m) => m.boxId).join(',')} above ${ceiling}`, {
    zh: `调价后以下启用中箱子按今日回收价计算的当前期望返奖率将高于上限 ${ceiling}：${named.join('、')}${more ? ` 等 ${refused.length} 个箱子` : ''}。本次未做任何修改；请降低价格，或先调整这些箱子的掉落、权重或开箱价`,
    en: `After this change the return at today's recovery prices of these enabled boxes would be above the ceiling of ${ceiling}: ${named.join('; ')}${more ? ` and ${more} more` : ''}. Nothing was changed; lower the price, or first adjust those boxes' drops, weights or price`,
  });
}
