import { limits } from '@skinfair/contract';

/**
 * Spec §4/§9: reconnect after 5 s, growing linearly (5 s, 10 s, 15 s …) up to 900 s; a successful
 * connect starts the sequence again.
 */
export interface ReconnectPolicy {
  nextDelayMs: () => number;
  reset: () => void;
  readonly attempts: number;
}

export function createReconnectPolicy(baseMs: number = limits.wsReconnectBaseMs, maxMs: number = limits.wsReconnectMaxMs): ReconnectPolicy {
  let attempts = 0;
  return {
    nextDelayMs() {
      attempts += 1;
      return Math.min(baseMs * attempts, maxMs);
    },
    reset() {
      attempts = 0;
    },
    get attempts() {
      return attempts;
    },
  };
}
