import { ROLL_SPACE } from './encodings.js';
import { sha256Hex } from './hash.js';

export interface Weighted {
  itemId: number;
  /** Integer weight in units of 1/100000; the weights of a case sum to exactly 100000 (W12). */
  weight: number;
}

export interface RollRange {
  itemId: number;
  low: number;
  high: number;
}

/** PF v1 §5: consecutive inclusive ranges in the listed order, covering 1..100000 exactly. */
export function buildRanges(weights: Weighted[]): RollRange[] {
  let total = 0;
  const ranges: RollRange[] = [];
  for (const { itemId, weight } of weights) {
    if (!Number.isInteger(weight) || weight < 1) throw new RangeError(`weight of ${itemId} must be a positive integer`);
    ranges.push({ itemId, low: total + 1, high: total + weight });
    total += weight;
  }
  if (total !== ROLL_SPACE) throw new RangeError(`weights sum to ${total}, not ${ROLL_SPACE}`);
  return ranges;
}

/** oddsHash = SHA-256("case:{caseId}:v{version}\n" + "{itemId}:{low}:{high}" lines joined by "\n"). */
export function oddsHash(caseId: number, version: number, ranges: RollRange[]): string {
  return sha256Hex(`case:${caseId}:v${version}\n${ranges.map((r) => `${r.itemId}:${r.low}:${r.high}`).join('\n')}`);
}

export function pickByRoll(ranges: RollRange[], code: number): RollRange {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (code < r.low) hi = mid - 1;
    else if (code > r.high) lo = mid + 1;
    else return r;
  }
  throw new RangeError(`roll ${code} is outside the ranges`);
}
