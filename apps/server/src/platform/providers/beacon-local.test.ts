import { localBeaconRandomness, QUICKNET_GENESIS, roundAt, roundTime } from '@skinfair/fairness';
import { describe, expect, it } from 'vitest';
import { createLocalBeaconProvider } from './beacon-local.js';

// TV9 of shared/design/provably-fair.md: a battle locked at 1763830000 draws round 23675548.
const R = 23675548;

describe('local beacon', () => {
  it('withholds a round until its quicknet time, then gives it', async () => {
    let nowMs = (roundTime(R) - 1) * 1000;
    const beacon = createLocalBeaconProvider({ now: () => nowMs });
    expect(beacon.source).toBe('local');
    expect(await beacon.fetchRound(R)).toBeNull();
    nowMs = roundTime(R) * 1000 - 1;
    expect(await beacon.fetchRound(R)).toBeNull();
    nowMs = roundTime(R) * 1000;
    expect(await beacon.fetchRound(R)).toEqual({
      round: R,
      randomness: localBeaconRandomness(R),
      signature: null,
      source: 'local',
    });
    expect(await beacon.fetchRound(R + 1)).toBeNull();
  });

  it('gives the spec value SHA-256("skinfair-local-beacon:" + R), the same on every call', async () => {
    const beacon = createLocalBeaconProvider({ now: () => roundTime(R + 10) * 1000 });
    const first = await beacon.fetchRound(R);
    expect(first?.randomness).toMatch(/^[0-9a-f]{64}$/);
    expect(first?.randomness).toBe(localBeaconRandomness(R));
    expect((await beacon.fetchRound(R))?.randomness).toBe(first?.randomness);
    expect((await beacon.fetchRound(R - 1))?.randomness).not.toBe(first?.randomness);
  });

  it('refuses rounds that cannot exist', async () => {
    const beacon = createLocalBeaconProvider({ now: () => (QUICKNET_GENESIS + 60) * 1000 });
    expect(await beacon.fetchRound(1)).not.toBeNull();
    for (const round of [0, -1, 1.5, Number.NaN]) expect(await beacon.fetchRound(round)).toBeNull();
  });

  it('uses the real clock by default: a round of the past is there, one an hour ahead is not', async () => {
    const beacon = createLocalBeaconProvider();
    const nowS = Math.floor(Date.now() / 1000);
    expect(await beacon.fetchRound(roundAt(nowS - 60))).not.toBeNull();
    expect(await beacon.fetchRound(roundAt(nowS + 3600))).toBeNull();
  });
});
