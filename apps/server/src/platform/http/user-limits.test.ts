import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { UserMoneyLimiter, type UserLimits } from './user-limits.js';

/** A limiter on a clock the test moves. */
function limiterAt(limits: UserLimits) {
  const clock = { now: 0 };
  return { limiter: new UserMoneyLimiter(limits, () => clock.now), clock };
}

const refused = (fn: () => unknown) => {
  try {
    fn();
    return false;
  } catch (err) {
    return isAppError(err) && err.code === 'RATE_LIMITED';
  }
};

describe('per-player money limits (issue 10 §3)', () => {
  it('caps the calls one player runs at once, and gives the slot back when one ends', () => {
    const { limiter } = limiterAt({ perSecond: 100, inFlight: 2 });
    const a = limiter.acquire(1);
    limiter.acquire(1);
    expect(refused(() => limiter.acquire(1))).toBe(true);
    // Another player is not affected.
    expect(refused(() => limiter.acquire(2))).toBe(false);
    a();
    a(); // releasing twice frees one slot only
    expect(refused(() => limiter.acquire(1))).toBe(false);
    expect(refused(() => limiter.acquire(1))).toBe(true);
  });

  it('lets a burst of twice the rate through, then refills at the rate', () => {
    const { limiter, clock } = limiterAt({ perSecond: 5, inFlight: 1000 });
    let ok = 0;
    for (let i = 0; i < 20; i++) if (!refused(() => limiter.acquire(7))) ok++;
    expect(ok).toBe(10);
    clock.now = 100;
    expect(refused(() => limiter.acquire(7))).toBe(true);
    clock.now = 200; // 0.2 s later: one token back
    expect(refused(() => limiter.acquire(7))).toBe(false);
  });

  it('keeps counting calls made one after another, and forgets a player whose bucket is full again', () => {
    const { limiter, clock } = limiterAt({ perSecond: 5, inFlight: 3 });
    let ok = 0;
    for (let i = 0; i < 20; i++) if (!refused(() => limiter.acquire(9)())) ok++;
    expect(ok).toBe(10);
    expect(limiter.size).toBe(1);
    clock.now = 10_000;
    const release = limiter.acquire(9);
    clock.now = 10_500; // full again by the time the call ends
    release();
    expect(limiter.size).toBe(0);
  });
});
