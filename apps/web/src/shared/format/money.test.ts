import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('money display (spec §5)', () => {
  it('shows two decimals and drops a trailing .00', () => {
    expect(formatMoney(1250)).toBe('¥12.50');
    expect(formatMoney(1200)).toBe('¥12');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(-199, 'R$')).toBe('R$-1.99');
  });
});
