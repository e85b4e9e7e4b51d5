import { describe, expect, it } from 'vitest';
import { splitDuration } from './use-countdown';

describe('splitDuration', () => {
  it('splits whole days off and pads the clock', () => {
    expect(splitDuration(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ days: 2, clock: '03:04:05' });
  });
});
