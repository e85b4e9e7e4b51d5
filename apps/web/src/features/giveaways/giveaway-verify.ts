import {
  checkBeacon,
  checkCommitment,
  giveawayDraw,
  giveawayEntriesHash,
  roundAt,
  roundTime,
  SERVER_SEED_PATTERN,
  type BeaconCheck,
  type CommitmentCheck,
  type FisherYatesStep,
} from '@skinfair/fairness';
import { GiveawayState, type GiveawayEntry, type GiveawayPrize, type GiveawayRoom } from '@skinfair/contract';

/**
 * The browser's check of a drawn giveaway from published data only (PF v1 §8, §9): the commitment, the
 * entries' hash from the entry list, the beacon round from the end time, the beacon, and every step of the
 * partial Fisher–Yates, each recomputed with the package the server draws with.
 */
export interface DrawStepCheck {
  step: FisherYatesStep;
  /** The entry that wins prize `step.i` after the swap. */
  winnerEntryNo: number;
  prize: GiveawayPrize | null;
  /** The server's published winner of this prize (entry number, and the user id behind it). */
  publishedEntryNo: number | null;
  userOk: boolean;
  ok: boolean;
}

export interface GiveawayVerification {
  commitment: CommitmentCheck;
  /** `computed` is null while the list names no user ids (they are published with the draw: issue 24 §14). */
  entries: { computed: string | null; count: number; countOk: boolean; numberingOk: boolean; ok: boolean };
  round: { endAtS: number; roundAtEnd: number; expected: number; time: number; ok: boolean };
  beacon: BeaconCheck;
  draw: { prefix: string; steps: DrawStepCheck[]; unawardedOk: boolean; ok: boolean } | null;
  ok: boolean;
}

/** Drawn, with the seed, salt and beacon published. */
export const isVerifiable = (r: GiveawayRoom) =>
  r.state === GiveawayState.ended && r.serverSeed !== null && r.secretSalt !== null && r.entriesHash !== null;

function drawOf(r: GiveawayRoom, entries: readonly GiveawayEntry[]): GiveawayVerification['draw'] {
  if (!SERVER_SEED_PATTERN.test(r.serverSeed ?? '')) return null;
  const prizes = [...r.giftVos].sort((a, b) => a.position - b.position);
  const n = r.entryCount ?? entries.length;
  const trace = giveawayDraw(
    r.serverSeed!,
    { giveawayId: r.id, round: r.targetRound, randomness: r.randomness ?? '', entriesHash: r.entriesHash ?? '' },
    n,
    prizes.length,
  );
  const userOf = new Map(entries.map((e) => [e.entryNo, e.userId]));
  const steps = trace.steps.map((step, k): DrawStepCheck => {
    const prize = prizes[k] ?? null;
    const winnerEntryNo = trace.winners[k]!;
    const publishedEntryNo = prize?.winnerEntryNo ?? null;
    const userOk = prize?.winnerInfo != null && userOf.get(winnerEntryNo) === prize.winnerInfo.id;
    return { step, winnerEntryNo, prize, publishedEntryNo, userOk, ok: publishedEntryNo === winnerEntryNo && userOk };
  });
  // With fewer entries than prizes, the prizes past the last step have no winner.
  const unawardedOk = prizes.slice(trace.steps.length).every((p) => p.winnerEntryNo === null && p.winnerInfo === null);
  return { prefix: trace.prefix, steps, unawardedOk, ok: unawardedOk && steps.every((s) => s.ok) };
}

export function verifyGiveaway(
  r: GiveawayRoom,
  entries: readonly GiveawayEntry[],
  options: { drandPublicKey?: string } = {},
): GiveawayVerification {
  const commitment = checkCommitment(r.serverSeed, r.secretSalt, r.publicHash);
  const named = entries.every((e) => e.userId !== null) ? entries.map((e) => ({ entryNo: e.entryNo, userId: e.userId! })) : null;
  const computed = named ? giveawayEntriesHash(named) : null;
  const numbers = entries.map((e) => e.entryNo).sort((a, b) => a - b);
  const numberingOk = numbers.every((no, k) => no === k + 1);
  const countOk = r.entryCount === entries.length;
  const entriesCheck = {
    computed,
    count: entries.length,
    countOk,
    numberingOk,
    ok: computed === r.entriesHash && countOk && numberingOk,
  };
  const endAtS = Math.floor(Date.parse(r.openTime) / 1000);
  const roundAtEnd = roundAt(endAtS);
  const expected = roundAtEnd + 3;
  const round = { endAtS, roundAtEnd, expected, time: roundTime(expected), ok: Number.isSafeInteger(endAtS) && r.targetRound === expected };
  const beacon = checkBeacon(
    { round: r.targetRound, source: r.beaconSource, signature: r.beaconSignature, randomness: r.randomness },
    options.drandPublicKey,
  );
  const draw = drawOf(r, entries);
  return {
    commitment,
    entries: entriesCheck,
    round,
    beacon,
    draw,
    ok: commitment.ok && entriesCheck.ok && round.ok && beacon.ok && draw !== null && draw.ok,
  };
}
