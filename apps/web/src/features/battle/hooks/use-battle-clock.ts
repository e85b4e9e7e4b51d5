import { useEffect, useState } from 'react';
import { serverNow } from '../../../shared/time/server-clock';
import { nextChangeAt, pointAt, type BattleTimeline, type TimelinePoint } from '../battle-timeline';

const idle: TimelinePoint = { round: 0, elapsed: 0, landed: 0 };

/**
 * Where the room is on a battle's timeline, re-rendered only when a reel lands or a round starts (not
 * every frame: the reels animate themselves). `null` timeline = nothing to show yet.
 */
export function useBattleClock(timeline: BattleTimeline | null): TimelinePoint {
  const [, setTick] = useState(0);
  const start = timeline?.startAt;
  const roundMs = timeline?.roundMs;
  const rounds = timeline?.rounds;
  const spinMs = timeline?.spinMs;
  useEffect(() => {
    if (start === undefined || roundMs === undefined || rounds === undefined || spinMs === undefined) return;
    const t = { startAt: start, roundMs, rounds, spinMs };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const next = nextChangeAt(t, serverNow());
      if (next === null) return;
      // A few ms late rather than early, so the point has really changed when the room re-renders.
      timer = setTimeout(
        () => {
          setTick((n) => n + 1);
          schedule();
        },
        Math.max(0, next - serverNow()) + 5,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [start, roundMs, rounds, spinMs]);
  return timeline ? pointAt(timeline, serverNow()) : idle;
}
