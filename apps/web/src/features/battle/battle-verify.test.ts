import { describe, expect, it } from 'vitest';
import { battleTiebreakIndex, buildRanges, localBeaconRandomness, QUICKNET_GENESIS, roundTime } from '@skinfair/fairness';
import type { BattleResults } from '@skinfair/contract';
import { verifyBattle, type BoxOdds } from './battle-verify';
import { givenFinishedBattle, testBoxes, testCaseDetail } from './test-finished-battle';

const odds = new Map<number, BoxOdds>(
  testBoxes.map((box) => {
    const d = testCaseDetail(box);
    return [
      box.boxId,
      {
        boxId: box.boxId,
        version: d.version,
        oddsHash: d.oddsHash,
        ranges: d.gifts.map((g) => ({ itemId: g.giftId, low: g.rollCodeLow, high: g.rollCodeHigh })),
      },
    ];
  }),
);

// TV6 of shared/design/provably-fair.md: round 3 of drand's bls-unchained-g1-rfc9380 test chain.
const TV6 = {
  publicKey:
    'a1ee12542360bf75742bcade13d6134e7d5283d9eb782887c47d3d9725f05805d37b0106b7f744395bf82c175dd7434a169e998f188a657a030d588892c0cd2c01f996aaf331c4d8bc5b9734bbe261d09e7d2d39ef88b635077f262bd7bbb30f',
  signature: 'b98dae74f6a9d2ec79d75ba273dcfda86a45d589412860eb4c0fd056b00654dbf667c1b6884987c9aee0d43f8ba9db52',
  randomness: '9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f',
};
/** roundAt = 0 two seconds before quicknet's genesis, so R = 3: TV6's round. */
const TV6_LOCKED_AT_S = QUICKNET_GENESIS - 2;

const withRoll = (b: BattleResults, index: number, change: Partial<BattleResults['rolls'][number]>) => ({
  ...b,
  rolls: b.rolls.map((r, i) => (i === index ? { ...r, ...change } : r)),
});

describe('battle verification in the browser', () => {
  it('confirms every step of an honest battle and flags the local beacon as not independent', () => {
    const b = givenFinishedBattle();
    const v = verifyBattle(b, { odds });
    expect(v.commitment).toEqual({ computed: b.publicHash, ok: true });
    expect(v.seatsDigest.ok).toBe(true);
    expect(v.round).toMatchObject({ expected: b.targetRound, ok: true, time: roundTime(b.targetRound!) });
    expect(v.beacon).toMatchObject({ source: 'local', independent: false, signatureOk: null, ok: true });
    expect(v.beacon.expectedRandomness).toBe(localBeaconRandomness(b.targetRound!));
    expect(v.boxes.map((x) => x.oddsOk)).toEqual([true, true]);
    expect(v.rolls).toHaveLength(4);
    expect(v.rolls.map((r) => [r.rollOk, r.inRangeOk, r.itemOk])).toEqual(Array(4).fill([true, true, true]));
    expect(v.rolls[0]!.messages[0]).toBe(`${v.rolls[0]!.trace!.prefix}:0`);
    expect(v.winner.computed).toBe(b.winnerPos);
    expect(v.ok).toBe(true);
  });

  it('without the box version ranges checks only that each roll falls in its published range', () => {
    const v = verifyBattle(givenFinishedBattle());
    expect(v.boxes.map((x) => x.oddsOk)).toEqual([null, null]);
    expect(v.rolls.every((r) => r.itemOk === null && r.inRangeOk)).toBe(true);
    expect(v.ok).toBe(true);
    // A newer version of the box is not the one the battle fixed: its table proves nothing.
    const newer = new Map([...odds].map(([id, o]) => [id, { ...o, version: 2 }]));
    expect(verifyBattle(givenFinishedBattle(), { odds: newer }).boxes.map((x) => x.oddsOk)).toEqual([null, null]);
  });

  it('catches a recorded roll code the seeds do not give', () => {
    const b = givenFinishedBattle();
    const v = verifyBattle(withRoll(b, 1, { rollCode: b.rolls[1]!.rollCode + 1 }), { odds });
    expect(v.rolls[1]!.rollOk).toBe(false);
    expect(v.rolls.filter((r) => !r.ok)).toHaveLength(1);
    expect(v.ok).toBe(false);
  });

  it('catches an item that is not the one the range table gives', () => {
    const b = givenFinishedBattle();
    const wrong = b.rolls[0]!.giftId === 5005 ? 5001 : 5005;
    const v = verifyBattle(withRoll(b, 0, { giftId: wrong }), { odds });
    expect(v.rolls[0]).toMatchObject({ rollOk: true, inRangeOk: true, itemOk: false, ok: false });
    expect(v.ok).toBe(false);
  });

  it('catches a range table that does not hash to the battle oddsHash', () => {
    const forged = new Map(odds);
    forged.set(3, { ...odds.get(3)!, ranges: buildRanges([{ itemId: 5005, weight: 100_000 }]) });
    const v = verifyBattle(givenFinishedBattle(), { odds: forged });
    expect(v.boxes[0]!.oddsOk).toBe(false);
    expect(v.ok).toBe(false);
  });

  it('catches a commitment, a seats digest, a target round and a randomness that do not match', () => {
    const b = givenFinishedBattle();
    expect(verifyBattle({ ...b, secretSalt: 'dd24221be5fa497c73386911edb3e135' }).commitment.ok).toBe(false);
    expect(verifyBattle({ ...b, serverSeed: 'not-a-seed' }).commitment).toEqual({
      computed: null,
      ok: false,
    });
    expect(verifyBattle({ ...b, serverSeed: 'not-a-seed' }).rolls.every((r) => r.trace === null && !r.ok)).toBe(true);
    const swapped = {
      ...b,
      customerList: b.customerList.map((s) => ({
        ...s,
        clientSeed: s.pos === 1 ? 'bot-2' : 'lucky-Panda_2025',
      })),
    };
    expect(verifyBattle(swapped).seatsDigest.ok).toBe(false);
    const late = verifyBattle({ ...b, targetRound: b.targetRound! + 1 });
    expect(late.round.ok).toBe(false);
    expect(late.beacon.ok).toBe(false);
    expect(late.ok).toBe(false);
    expect(verifyBattle({ ...b, randomness: 'f'.repeat(64) }).beacon.randomnessOk).toBe(false);
  });

  it('checks the winner by mode, and breaks a tie with the tie-break stream over the tied seats', () => {
    const b = givenFinishedBattle();
    const v = verifyBattle(b);
    const loser = b.winnerPos === 1 ? 2 : 1;
    expect(verifyBattle({ ...b, winnerPos: loser }).winner.ok).toBe(false);
    const reverse = givenFinishedBattle({ mode: 1 });
    const rv = verifyBattle(reverse);
    expect(rv.winner.wins).toBe('lowest');
    expect(rv.winner.ok).toBe(true);
    if (v.totals[0]!.totalFen !== v.totals[1]!.totalFen) expect(rv.winner.computed).not.toBe(v.winner.computed);

    const even = { ...b, rolls: b.rolls.map((r) => ({ ...r, giftPrice: 100 })) };
    const input = {
      battleId: b.id,
      round: b.targetRound!,
      randomness: b.randomness!,
      seatsDigest: b.seatsDigest!,
    };
    const expected = [1, 2][battleTiebreakIndex(b.serverSeed!, input, 2)]!;
    const tie = verifyBattle({ ...even, winnerPos: expected });
    expect(tie.winner.tied).toEqual([1, 2]);
    expect(tie.winner.tiebreak?.steps.length).toBeGreaterThan(0);
    expect(tie.winner).toMatchObject({ computed: expected, ok: true });
    expect(verifyBattle({ ...even, winnerPos: 3 - expected }).winner.ok).toBe(false);
  });

  it('verifies a drand round by its BLS signature and derives the randomness from it', () => {
    const b = givenFinishedBattle({ lockedAtS: TV6_LOCKED_AT_S, drand: TV6 });
    expect(b.targetRound).toBe(3);
    const v = verifyBattle(b, { drandPublicKey: TV6.publicKey });
    expect(v.beacon).toMatchObject({
      source: 'drand',
      independent: true,
      signatureOk: true,
      expectedRandomness: TV6.randomness,
      randomnessOk: true,
    });
    expect(v.ok).toBe(true);
    // Not quicknet's signature: refused under the pinned quicknet key.
    expect(verifyBattle(b).beacon).toMatchObject({ signatureOk: false, ok: false });
    expect(verifyBattle({ ...b, beaconSignature: null }, { drandPublicKey: TV6.publicKey }).beacon.ok).toBe(false);
  });
});
