import { FAST_DURATION_MS } from '../../shared/reel/reel-math';

/**
 * When each round of a battle is shown. The server reveals round k at startAt + (k − 1) × roundMs for
 * every watcher (issue 12), so the room computes where it is from the clock alone: a watcher who arrives
 * late lands in the same round, at the same point of the same reel, as everyone else.
 */
export interface BattleTimeline {
  /** When round 1 starts (server clock, ms). */
  startAt: number;
  roundMs: number;
  rounds: number;
  /** How long a round's reels run before they land; the rest of the round shows the landed items. */
  spinMs: number;
}

/** The landed items stay on screen this long before the next round starts. */
export const LANDED_PAUSE_MS = 1_000;
/** A replay is the viewer's own: fast mode shortens the rounds too, not only the reels. */
export const FAST_REPLAY_ROUND_MS = 1_500;

export function liveTimeline(revealStartAt: string, roundMs: number, rounds: number, fast: boolean): BattleTimeline {
  return {
    startAt: Date.parse(revealStartAt),
    roundMs,
    rounds,
    spinMs: fast ? FAST_DURATION_MS : Math.max(FAST_DURATION_MS, roundMs - LANDED_PAUSE_MS),
  };
}

export function replayTimeline(startAt: number, roundMs: number, rounds: number, fast: boolean): BattleTimeline {
  const pace = fast ? Math.min(roundMs, FAST_REPLAY_ROUND_MS) : roundMs;
  return { startAt, roundMs: pace, rounds, spinMs: fast ? FAST_DURATION_MS : Math.max(FAST_DURATION_MS, pace - LANDED_PAUSE_MS) };
}

export interface TimelinePoint {
  /** The round on screen, 1..rounds; 0 before the first; rounds + 1 once all are over. */
  round: number;
  /** How far into that round (ms). */
  elapsed: number;
  /** Rounds whose reels have stopped: their items count in the seats' totals. */
  landed: number;
}

export function pointAt(t: BattleTimeline, now: number): TimelinePoint {
  if (now < t.startAt) return { round: 0, elapsed: 0, landed: 0 };
  const since = now - t.startAt;
  const round = Math.floor(since / t.roundMs) + 1;
  if (round > t.rounds) return { round: t.rounds + 1, elapsed: 0, landed: t.rounds };
  const elapsed = since - (round - 1) * t.roundMs;
  return { round, elapsed, landed: elapsed >= t.spinMs ? round : round - 1 };
}

/** The next moment the point changes (a reel lands or a round starts), so the room re-renders only then. */
export function nextChangeAt(t: BattleTimeline, now: number): number | null {
  if (now < t.startAt) return t.startAt;
  const p = pointAt(t, now);
  if (p.round > t.rounds) return null;
  const roundStart = t.startAt + (p.round - 1) * t.roundMs;
  return p.elapsed < t.spinMs ? roundStart + t.spinMs : roundStart + t.roundMs;
}
