import { describe, expect, it } from 'vitest';
import { FAST_DURATION_MS } from '../../shared/reel/reel-math';
import { liveTimeline, nextChangeAt, pointAt, replayTimeline } from './battle-timeline';

const start = Date.parse('2026-11-25T10:00:00.000Z');
const live = liveTimeline('2026-11-25T10:00:00.000Z', 4_000, 3, false);

describe('battle timeline', () => {
  it('puts every watcher in the same round at the same point, from the clock alone', () => {
    expect(pointAt(live, start - 1)).toEqual({ round: 0, elapsed: 0, landed: 0 });
    expect(pointAt(live, start)).toEqual({ round: 1, elapsed: 0, landed: 0 });
    // A watcher arriving 5.5 s in is 1.5 s into round 2, whose reels are still spinning.
    expect(pointAt(live, start + 5_500)).toEqual({ round: 2, elapsed: 1_500, landed: 1 });
    expect(pointAt(live, start + 4_000 + live.spinMs)).toEqual({ round: 2, elapsed: live.spinMs, landed: 2 });
    expect(pointAt(live, start + 12_000)).toEqual({ round: 4, elapsed: 0, landed: 3 });
  });

  it('lands each round before the next begins, and fast mode only shortens the reels of a live battle', () => {
    expect(live.spinMs).toBeLessThan(live.roundMs);
    const fast = liveTimeline('2026-11-25T10:00:00.000Z', 4_000, 3, true);
    expect(fast.roundMs).toBe(4_000);
    expect(fast.spinMs).toBe(FAST_DURATION_MS);
  });

  it('a fast replay also shortens the rounds', () => {
    const replay = replayTimeline(start, 4_000, 20, true);
    expect(replay.roundMs).toBeLessThan(4_000);
    expect(replay.spinMs).toBeLessThan(replay.roundMs);
    expect(replayTimeline(start, 4_000, 20, false).roundMs).toBe(4_000);
  });

  it('names the next moment the picture changes, and none once every round is over', () => {
    expect(nextChangeAt(live, start - 10)).toBe(start);
    expect(nextChangeAt(live, start + 10)).toBe(start + live.spinMs);
    expect(nextChangeAt(live, start + live.spinMs + 10)).toBe(start + 4_000);
    expect(nextChangeAt(live, start + 12_000)).toBeNull();
  });
});
