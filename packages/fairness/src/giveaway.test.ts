import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hash.js';
import { giveawayDraw, giveawayEntriesHash, giveawayPrefix } from './giveaway.js';
import { ByteStream, uniformInt } from './stream.js';

const seed = 'a'.repeat(64);
const input = { giveawayId: 7, round: 1_000_000, randomness: 'b'.repeat(64), entriesHash: 'c'.repeat(64) };

/** The textbook partial Fisher–Yates on the whole array, as PF v1 §8 states it. */
function reference(n: number, w: number): number[] {
  const a = Array.from({ length: n }, (_, k) => k + 1);
  const stream = new ByteStream(seed, giveawayPrefix(input));
  for (let i = 0; i < Math.min(w, n); i++) {
    const j = i + uniformInt(stream, n - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, Math.min(w, n));
}

describe('giveaway draw (PF v1 §8)', () => {
  it('hashes the entries sorted by entry number, one "entryNo:userId" line each', () => {
    const entries = [
      { entryNo: 2, userId: 40 },
      { entryNo: 1, userId: 12 },
    ];
    expect(giveawayEntriesHash(entries)).toBe(sha256Hex('1:12\n2:40'));
  });

  it('matches the textbook partial shuffle of the whole array, for few and many entries', () => {
    for (const [n, w] of [
      [1, 1],
      [5, 3],
      [5, 10],
      [1000, 50],
    ] as const) {
      expect(giveawayDraw(seed, input, n, w).winners).toEqual(reference(n, w));
    }
  });

  it('draws distinct winners, one step per prize, each j in i..n−1', () => {
    const trace = giveawayDraw(seed, input, 10_000, 50);
    expect(new Set(trace.winners).size).toBe(50);
    expect(trace.steps).toHaveLength(50);
    for (const step of trace.steps) {
      expect(step.j).toBeGreaterThanOrEqual(step.i);
      expect(step.j).toBeLessThan(10_000);
      expect(step.reads.at(-1)!.accepted).toBe(true);
    }
    expect(trace.prefix).toBe(`giveaway:7:1000000:${'b'.repeat(64)}:${'c'.repeat(64)}`);
  });

  it('no entries, no winners; a malformed seed is refused', () => {
    expect(giveawayDraw(seed, input, 0, 5).winners).toEqual([]);
    expect(() => giveawayDraw('nope', input, 3, 1)).toThrow();
  });
});
