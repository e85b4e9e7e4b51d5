import { describe, expect, it } from 'vitest';
import { dreamFee } from '@skinfair/fairness';
import {
  coinsToPay,
  formatMultiplier,
  formatPercent,
  lowestProbabilityCovering,
  presetProbabilities,
  ringAngle,
  sliderBounds,
} from './dream-math';

const config = { minProbability: 5_000, maxProbability: 75_000, returnRateBp: 9_500 };

describe('dream math', () => {
  it('previews the TV5 fees and multipliers in integer fen', () => {
    expect(dreamFee(12_345, 25_000, 9_500)).toBe(3_249);
    expect(formatMultiplier(12_345, 3_249)).toBe('3.79');
    expect(formatMultiplier(880_000, dreamFee(880_000, 5_000, 9_500))).toBe('18.99');
    expect(formatPercent(25_000)).toBe('25.00');
    expect(formatPercent(38_475)).toBe('38.475');
  });

  it('pays coins only for what the items do not cover', () => {
    expect(coinsToPay(3_249, 1_000)).toBe(2_249);
    expect(coinsToPay(3_249, 5_000)).toBe(0);
  });

  it('raises the slider minimum to the exact P whose fee covers the items', () => {
    const p = lowestProbabilityCovering(12_345, 5_000, { min: 5_000, max: 75_000 }, 9_500);
    expect(p).toBe(38_470);
    expect(dreamFee(12_345, 38_470, 9_500)).toBeGreaterThanOrEqual(5_000);
    expect(dreamFee(12_345, 38_469, 9_500)).toBeLessThan(5_000);
    expect(sliderBounds(12_345, 5_000, config)).toEqual({ min: 38_470, max: 75_000, blocked: false });
    // Off the 0.01 % grid the bound rounds up, so the fee still covers the items.
    expect(sliderBounds(12_345, 5_001, config).min).toBe(38_480);
    expect(sliderBounds(12_345, 0, config)).toEqual({ min: 5_000, max: 75_000, blocked: false });
  });

  it('blocks a stake worth more than the largest fee', () => {
    expect(dreamFee(12_345, 75_000, 9_500)).toBe(9_747);
    expect(sliderBounds(12_345, 9_747, config).blocked).toBe(false);
    expect(sliderBounds(12_345, 9_748, config)).toEqual({ min: 75_000, max: 75_000, blocked: true });
  });

  it('turns roll codes and probabilities into ring degrees', () => {
    expect(ringAngle(25_000)).toBe(90);
    expect(ringAngle(100_000)).toBe(360);
    expect(ringAngle(64_289)).toBeCloseTo(231.4404, 6);
  });

  it('puts 一半 at an even chance, 50 %, inside the range the stake allows (issue 30 §9)', () => {
    // The configured 5–75 % range: the middle of the range would be 40 %.
    expect(presetProbabilities(5_000, 75_000)).toEqual([5_000, 50_000, 75_000]);
    expect(formatPercent(presetProbabilities(5_000, 75_000)[1])).toBe('50.00');
    // Staked items raised the minimum above 50 %: the nearest allowed chance.
    expect(presetProbabilities(61_230, 75_000)[1]).toBe(61_230);
    // A configuration that stops below 50 %.
    expect(presetProbabilities(1_000, 30_000)[1]).toBe(30_000);
  });
});
