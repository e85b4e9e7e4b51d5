import { localBeaconRandomness, roundTime } from '@skinfair/fairness';
import type { BeaconProvider } from './beacon.js';

export interface LocalBeaconOptions {
  /** Unix milliseconds; tests pass a clock they move by hand. */
  now?: () => number;
}

/**
 * Dev, test and CI (no network): predictable by design, flagged "not independent" in the UI and refused
 * in production by config.ts. A round is withheld until its quicknet time, so code written against it
 * waits for a beacon exactly as it will against drand and cannot draw before the round exists.
 */
export function createLocalBeaconProvider(options: LocalBeaconOptions = {}): BeaconProvider {
  const now = options.now ?? Date.now;
  return {
    source: 'local',
    async fetchRound(round) {
      if (!Number.isSafeInteger(round) || round < 1) return null;
      if (roundTime(round) * 1000 > now()) return null;
      return { round, randomness: localBeaconRandomness(round), signature: null, source: 'local' };
    },
  };
}
