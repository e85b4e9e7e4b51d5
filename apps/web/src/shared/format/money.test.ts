import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyChange, formatPoints } from './money';

describe('money display (spec §5, issue 30 §8)', () => {
  it('shows two decimals and drops a trailing .00', () => {
    expect(formatMoney(1250)).toBe('¥12.50');
    expect(formatMoney(1200)).toBe('¥12');
    expect(formatMoney(5)).toBe('¥0.05');
  });

  it('puts the minus sign in front of the symbol', () => {
    expect(formatMoney(-18_112)).toBe('-¥181.12');
    expect(formatMoney(-5)).toBe('-¥0.05');
    expect(formatMoney(-199, 'R$')).toBe('-R$1.99');
  });

  it('shows zero without a sign', () => {
    expect(formatMoney(0)).toBe('¥0');
    expect(formatMoneyChange(0)).toBe('¥0');
  });

  it('signs a change both ways', () => {
    expect(formatMoneyChange(1250)).toBe('+¥12.50');
    expect(formatMoneyChange(-300)).toBe('-¥3');
  });

  it('shows points without any currency sign', () => {
    expect(formatPoints(1250)).toBe('12.50');
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(-700)).toBe('-7');
    for (const text of [formatPoints(1250), formatPoints(-700)]) expect(text).not.toMatch(/[¥$€£]/);
  });

  it('refuses a fractional fen rather than showing a float', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});
