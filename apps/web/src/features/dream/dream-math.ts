import { DREAM_PROBABILITY_SCALE } from '@skinfair/contract';
import { dreamFee } from '@skinfair/fairness';

/**
 * The client's preview of a dream's figures (PF v1 §6). The server decides every one of them; these exist
 * so the slider, the stake panel and the confirm step show the same integer fen the server will charge.
 */

/** The slider moves in steps of 0.01 % (P is in 1/100000). */
export const PROBABILITY_STEP = 10;

export const sumFen = (items: readonly { recoveryPrice: number }[]) => items.reduce((sum, item) => sum + item.recoveryPrice, 0);

/** Coins (and then points) the player pays: the fee less what the staked items are worth, never below 0. */
export const coinsToPay = (feeFen: number, itemsValueFen: number) => Math.max(0, feeFen - itemsValueFen);

/**
 * The smallest P in [min, max] whose fee covers the staked items (the server refuses a stake worth more
 * than the fee), or null when even the largest P does not. The fee only grows with P, so a binary search
 * over the same integer formula gives the exact bound.
 */
export function lowestProbabilityCovering(
  targetFen: number,
  itemsValueFen: number,
  bounds: { min: number; max: number },
  rtpBp: number,
): number | null {
  if (dreamFee(targetFen, bounds.max, rtpBp) < itemsValueFen) return null;
  let low = bounds.min;
  let high = bounds.max;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (dreamFee(targetFen, mid, rtpBp) >= itemsValueFen) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The slider's range: from the configured minimum (raised, on the slider's grid, until the fee covers the
 * staked items) to the configured maximum. `blocked` when the items are worth more than the largest fee.
 */
export function sliderBounds(
  targetFen: number,
  itemsValueFen: number,
  config: { minProbability: number; maxProbability: number; returnRateBp: number },
): { min: number; max: number; blocked: boolean } {
  const max = config.maxProbability;
  const need = lowestProbabilityCovering(targetFen, itemsValueFen, { min: config.minProbability, max }, config.returnRateBp);
  if (need === null) return { min: max, max, blocked: true };
  const onGrid = config.minProbability + Math.ceil((need - config.minProbability) / PROBABILITY_STEP) * PROBABILITY_STEP;
  return { min: Math.min(onGrid, max), max, blocked: false };
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** 一半 is an even chance, 50 % (not the middle of the slider's range, issue 30 §9). */
export const HALF_PROBABILITY = DREAM_PROBABILITY_SCALE / 2;

/**
 * The slider's three shortcuts: 最低, 一半 and 最高. 一半 stays inside the range the stake allows: a range
 * that starts above 50 % (heavy staked items) or ends below it gives its nearest end.
 */
export const presetProbabilities = (min: number, max: number): [number, number, number] => [min, clamp(HALF_PROBABILITY, min, max), max];

/** P as a percentage: 5000 → "5.00", 12345 → "12.345" (two decimals, three when P needs them). */
export function formatPercent(probability: number): string {
  const percent = (probability * 100) / DREAM_PROBABILITY_SCALE;
  return percent.toFixed(probability % 10 === 0 ? 2 : 3);
}

/** What the target is worth against what the player stakes: T / fee, two decimals, rounded down. */
export function formatMultiplier(targetFen: number, feeFen: number): string {
  if (feeFen <= 0) return '0.00';
  return (Math.floor((targetFen * 100) / feeFen) / 100).toFixed(2);
}

/** The ring's angle (degrees clockwise from the top) of a roll code or a probability, both in 1/100000. */
export const ringAngle = (units: number) => (units / DREAM_PROBABILITY_SCALE) * 360;
