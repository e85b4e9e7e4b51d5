import { describe, expect, it } from 'vitest';
import { createReconnectPolicy, jitteredDelayMs, reconnectCeilingMs } from './reconnect-policy';

/** A seeded generator, so the spread checks do not depend on Math.random's luck. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('reconnect delay (issue 26 §11: full jitter, growing)', () => {
  it('doubles its ceiling per failed attempt from 5 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 50, 10_000].map((n) => reconnectCeilingMs(n, 5_000, 30_000))).toEqual([
      5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('stays within [1 s, ceiling] at both ends of the draw', () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      expect(jitteredDelayMs(attempt, { random: () => 0 })).toBe(1_000);
      expect(jitteredDelayMs(attempt, { random: () => 0.999_999_9 })).toBe(reconnectCeilingMs(attempt, 5_000, 30_000));
    }
  });

  it('spreads a thousand clients of a stopped node over the whole first window', () => {
    const random = seeded(26);
    const delays = Array.from({ length: 1_000 }, () => jitteredDelayMs(1, { random }));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(5_000);
    // Every 500 ms bucket of 1–5 s gets some of them; no second sees more than a third of the herd.
    const buckets = new Array<number>(8).fill(0);
    for (const d of delays) buckets[Math.min(7, Math.floor((d - 1_000) / 500))]! += 1;
    expect(Math.min(...buckets)).toBeGreaterThan(50);
    expect(Math.max(...buckets)).toBeLessThan(333);
    expect(new Set(delays).size).toBeGreaterThan(500);
  });

  it('grows per failed attempt and starts over after a successful connect', () => {
    const policy = createReconnectPolicy({ random: () => 0.999_999_9 });
    expect([policy.nextDelayMs(), policy.nextDelayMs(), policy.nextDelayMs(), policy.nextDelayMs(), policy.nextDelayMs()]).toEqual([
      5_000, 10_000, 20_000, 30_000, 30_000,
    ]);
    expect(policy.attempts).toBe(5);
    policy.reset();
    expect(policy.attempts).toBe(0);
    expect(policy.nextDelayMs()).toBe(5_000);
  });

  it('never waits longer than 30 s, whatever the draw', () => {
    const policy = createReconnectPolicy({ random: seeded(7) });
    const delays = Array.from({ length: 200 }, () => policy.nextDelayMs());
    expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1_000);
  });
});
