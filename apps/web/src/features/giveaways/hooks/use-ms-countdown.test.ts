import { describe, expect, it } from 'vitest';
import { splitCountdown } from './use-ms-countdown';

describe('the giveaway countdown (issue 30 §8: no milliseconds)', () => {
  it('shows whole seconds, rounded up so the last second reads 00:00:01', () => {
    expect(splitCountdown(999)).toEqual({ days: 0, clock: '00:00:01' });
    expect(splitCountdown(1000)).toEqual({ days: 0, clock: '00:00:01' });
    expect(splitCountdown(61_001)).toEqual({ days: 0, clock: '00:01:02' });
    expect(splitCountdown(0)).toEqual({ days: 0, clock: '00:00:00' });
  });

  it('puts days in front and carries the hours over', () => {
    expect(splitCountdown((2 * 86_400 + 3 * 3_600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, clock: '03:04:05' });
  });

  it('never shows a fraction of a second', () => {
    for (const ms of [1, 123, 59_999, 3_600_500]) expect(splitCountdown(ms).clock).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });
});
