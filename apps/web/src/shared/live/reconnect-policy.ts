/**
 * When a live node stops, every browser on it loses its socket in the same instant. A fixed delay (the
 * spec's 5 s, linear) would send all of them to the remaining nodes in the same instant too (issue 26 §11),
 * so each attempt waits a random time between a 1 s floor and a ceiling that doubles per failed attempt:
 * 5 s, 10 s, 20 s, then 30 s ("full jitter"). The first reconnect still lands within the spec's 5 s, the
 * herd is spread over that window, and a successful connect starts the sequence again.
 */
export interface ReconnectPolicy {
  nextDelayMs: () => number;
  reset: () => void;
  readonly attempts: number;
}

export interface ReconnectPolicyOptions {
  /** Never sooner than this: a node that just refused us gets a moment. */
  floorMs?: number;
  /** The ceiling of the first attempt; it doubles per failed attempt. */
  firstCeilingMs?: number;
  maxMs?: number;
  /** [0, 1); tests pass a fixed one. */
  random?: () => number;
}

export const RECONNECT_FLOOR_MS = 1_000;
export const RECONNECT_FIRST_CEILING_MS = 5_000;
export const RECONNECT_MAX_MS = 30_000;

/** The ceiling of attempt `attempt` (1-based), before the random draw. */
export function reconnectCeilingMs(attempt: number, firstCeilingMs: number, maxMs: number): number {
  // Capped exponent: 2^30 already exceeds any sensible ceiling, and keeps the number finite.
  return Math.min(maxMs, firstCeilingMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
}

/** A delay drawn uniformly from [floor, ceiling of this attempt]. */
export function jitteredDelayMs(attempt: number, options: ReconnectPolicyOptions = {}): number {
  const floor = options.floorMs ?? RECONNECT_FLOOR_MS;
  const ceiling = Math.max(
    floor,
    reconnectCeilingMs(attempt, options.firstCeilingMs ?? RECONNECT_FIRST_CEILING_MS, options.maxMs ?? RECONNECT_MAX_MS),
  );
  const draw = (options.random ?? Math.random)();
  return Math.round(floor + (ceiling - floor) * Math.min(Math.max(draw, 0), 1));
}

export function createReconnectPolicy(options: ReconnectPolicyOptions = {}): ReconnectPolicy {
  let attempts = 0;
  return {
    nextDelayMs() {
      attempts += 1;
      return jitteredDelayMs(attempts, options);
    },
    reset() {
      attempts = 0;
    },
    get attempts() {
      return attempts;
    },
  };
}
