import { describe, expect, it } from 'vitest';
import { periodAt, periodOfKey, previousPeriod } from './periods.js';

const at = (s: string) => Date.parse(s);

describe('periods on the Beijing calendar', () => {
  it('turns the day at Beijing midnight, not UTC midnight', () => {
    expect(periodAt('day', at('2026-11-25T15:59:59Z'))).toEqual({
      key: 20261125,
      startMs: at('2026-11-24T16:00:00Z'),
      endMs: at('2026-11-25T16:00:00Z'),
    });
    expect(periodAt('day', at('2026-11-25T16:00:00Z')).key).toBe(20261126);
  });

  it('runs a week from Monday 00:00 Beijing time to the next Monday', () => {
    // Sunday 23:59 Beijing is still the week of Monday 23 November; Monday 00:00 opens the next.
    expect(periodAt('week', at('2026-11-29T15:59:00Z'))).toEqual({
      key: 20261123,
      startMs: at('2026-11-22T16:00:00Z'),
      endMs: at('2026-11-29T16:00:00Z'),
    });
    expect(periodAt('week', at('2026-11-29T16:00:00Z')).key).toBe(20261130);
  });

  it('finds a period again from its key, and the one before it', () => {
    const week = periodAt('week', at('2026-11-25T08:00:00Z'));
    expect(periodOfKey('week', week.key)).toEqual(week);
    expect(previousPeriod('week', week).key).toBe(20261116);
    expect(previousPeriod('day', periodAt('day', at('2026-12-01T04:00:00Z'))).key).toBe(20261130);
  });
});
