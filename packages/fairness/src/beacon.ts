import { sha256Hex } from './hash.js';

/** drand quicknet (PF v1 §9). */
export const QUICKNET_GENESIS = 1692803367;
export const QUICKNET_PERIOD_S = 3;

export const roundAt = (unixSeconds: number) => Math.floor((unixSeconds - QUICKNET_GENESIS) / QUICKNET_PERIOD_S) + 1;
export const roundTime = (round: number) => QUICKNET_GENESIS + (round - 1) * QUICKNET_PERIOD_S;
/** The target round of a battle locked at `lockedAt`: 6–9 s later. */
export const targetRound = (lockedAt: number) => roundAt(lockedAt) + 3;

/** Dev/test only (no network): predictable by design, flagged in the UI, refused in production. */
export const localBeaconRandomness = (round: number) => sha256Hex(`skinfair-local-beacon:${round}`);
