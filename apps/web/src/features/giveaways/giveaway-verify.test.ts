import { describe, expect, it } from 'vitest';
import { drandRandomness, giveawayDraw, giveawayEntriesHash, publicHash, roundTime } from '@skinfair/fairness';
import type { GiveawayRoom } from '@skinfair/contract';
import { verifyGiveaway } from './giveaway-verify';
import { givenDrawnRoom, givenEntries, givenPrize, givenRoom } from './test-giveaways';

// Quicknet round 1000 as api.drand.sh serves it (the fixture packages/fairness checks against the pinned key).
const ROUND = 1000;
const SIGNATURE = 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39';
const SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const SALT = 'bb71d866166bd48b341e35d29e76afaa';

/** A room drawn from drand round 1000: it ended at time(R − 3), so R = roundAt(end) + 3 = 1000. */
function drandRoom(n: number, prizes = 3): { room: GiveawayRoom; entries: ReturnType<typeof givenEntries> } {
  const entries = givenEntries(n);
  const entriesHash = giveawayEntriesHash(entries);
  const randomness = drandRandomness(SIGNATURE);
  const trace = giveawayDraw(SEED, { giveawayId: 7, round: ROUND, randomness, entriesHash }, n, prizes);
  const giftVos = Array.from({ length: prizes }, (_, k) => {
    const entry = entries.find((e) => e.entryNo === trace.winners[k]);
    return entry
      ? givenPrize(k, { winnerEntryNo: entry.entryNo, winnerInfo: { id: entry.userId, nickname: entry.nickname, headPic: null } })
      : givenPrize(k);
  });
  const room = givenRoom({
    state: 2,
    openTime: new Date(roundTime(ROUND - 3) * 1000).toISOString(),
    targetRound: ROUND,
    publicHash: publicHash(SEED, SALT),
    entriesHash,
    entryCount: n,
    beaconSource: 'drand',
    beaconSignature: SIGNATURE,
    randomness,
    serverSeed: SEED,
    secretSalt: SALT,
    giftVos,
  });
  return { room, entries };
}

describe('giveaway verification', () => {
  it('checks a drand-drawn room: BLS signature, randomness and every step', () => {
    const { room, entries } = drandRoom(5);
    const check = verifyGiveaway(room, entries);
    expect(check.beacon).toMatchObject({ independent: true, signatureOk: true, randomnessOk: true });
    expect(check.round).toMatchObject({ expected: ROUND, ok: true });
    expect(check.draw?.steps.map((s) => s.ok)).toEqual([true, true, true]);
    expect(check.ok).toBe(true);
  });

  it('refuses a signature that is not the round’s, and a round that does not follow from the end time', () => {
    const { room, entries } = drandRoom(5);
    const badSig = verifyGiveaway({ ...room, beaconSignature: SIGNATURE.replace(/^b4/, 'b5') }, entries);
    expect(badSig.beacon.signatureOk).toBe(false);
    expect(badSig.ok).toBe(false);
    const moved = verifyGiveaway({ ...room, openTime: new Date(roundTime(ROUND) * 1000).toISOString() }, entries);
    expect(moved.round.ok).toBe(false);
    expect(moved.ok).toBe(false);
  });

  it('with fewer entries than prizes, draws one step per entry and the rest stay unawarded', () => {
    const { room, entries } = drandRoom(2);
    const check = verifyGiveaway(room, entries);
    expect(check.draw?.steps).toHaveLength(2);
    expect(check.draw?.unawardedOk).toBe(true);
    expect(check.ok).toBe(true);
    const awarded = { ...room, giftVos: room.giftVos.map((p, k) => (k === 2 ? { ...p, winnerEntryNo: 1 } : p)) };
    expect(verifyGiveaway(awarded, entries).draw?.unawardedOk).toBe(false);
  });

  it('refuses a winner whose user is not the one behind the drawn entry, and a gap in the numbering', () => {
    const { room, entries } = givenDrawnRoom();
    const wrongUser = {
      ...room,
      giftVos: room.giftVos.map((p, k) => (k === 0 ? { ...p, winnerInfo: { ...p.winnerInfo!, id: 1 } } : p)),
    };
    expect(verifyGiveaway(wrongUser, entries).draw?.steps[0]?.userOk).toBe(false);
    const gap = entries.map((e) => (e.entryNo === 6 ? { ...e, entryNo: 9 } : e));
    expect(verifyGiveaway(room, gap).entries.numberingOk).toBe(false);
  });
});
