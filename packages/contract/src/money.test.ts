import { describe, expect, it } from 'vitest';
import { formatFen, parseYuanToFen, roundUpFen } from './money.js';

describe('money formatting (spec §5)', () => {
  it('shows two decimals and drops a trailing .00', () => {
    expect(formatFen(1234)).toBe('12.34');
    expect(formatFen(1200)).toBe('12');
    expect(formatFen(1250)).toBe('12.50');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(0)).toBe('0');
    expect(formatFen(-199)).toBe('-1.99');
  });
  it('refuses non-integer fen', () => {
    expect(() => formatFen(1.5)).toThrow(RangeError);
  });
  it('parses typed yuan into fen without floats', () => {
    expect(parseYuanToFen('12')).toBe(1200);
    expect(parseYuanToFen('12.5')).toBe(1250);
    expect(parseYuanToFen('0.07')).toBe(7);
    expect(parseYuanToFen('1.005')).toBeNull();
    expect(parseYuanToFen('-1')).toBeNull();
    expect(parseYuanToFen('abc')).toBeNull();
  });
  it('rounds fractional fen up', () => {
    expect(roundUpFen(10.01)).toBe(11);
    expect(roundUpFen(10)).toBe(10);
  });
});
