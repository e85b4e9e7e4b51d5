import { describe, expect, it } from 'vitest';
import { beijingTime, formatDateTime } from './beijing-time';

describe('Beijing time (issue 30 §8)', () => {
  it('shows an instant in Asia/Shanghai, to the second', () => {
    expect(formatDateTime('2026-11-28T09:05:09.123Z')).toBe('2026-11-28 17:05:09');
  });

  it('moves to the next day across the UTC date line', () => {
    expect(formatDateTime('2026-11-28T16:00:00Z')).toBe('2026-11-29 00:00:00');
    expect(formatDateTime('2026-12-31T23:59:59Z')).toBe('2027-01-01 07:59:59');
    expect(formatDateTime('2026-11-28T15:59:59Z')).toBe('2026-11-28 23:59:59');
  });

  it('reads an offset, epoch milliseconds and a Date alike', () => {
    const iso = '2026-11-29T01:30:00+08:00';
    expect(formatDateTime(iso)).toBe('2026-11-29 01:30:00');
    expect(formatDateTime(Date.parse(iso))).toBe('2026-11-29 01:30:00');
    expect(formatDateTime(new Date(iso))).toBe('2026-11-29 01:30:00');
  });

  it('drops the seconds for the server messages’ form', () => {
    expect(beijingTime('2026-11-25T16:00:00Z')).toBe('2026-11-26 00:00');
    expect(formatDateTime('2026-11-25T16:00:42Z', 'minute')).toBe('2026-11-26 00:00');
  });

  it('shows a dash for a missing or unreadable time, never "Invalid Date"', () => {
    for (const value of [null, undefined, '', 'not a time']) expect(formatDateTime(value)).toBe('—');
  });
});
