import {
  battleRoll,
  battleSeatsDigest,
  battleTiebreak,
  checkBeacon,
  checkCommitment,
  oddsHash,
  pickByRoll,
  roundAt,
  roundTime,
  SERVER_SEED_PATTERN,
  type BattleRollInput,
  type BeaconCheck,
  type CommitmentCheck,
  type RollRange,
  type RollTrace,
  type TiebreakTrace,
} from '@skinfair/fairness';
import type { BattleResults } from '@skinfair/contract';

/**
 * The browser's check of a finished battle from published data only (PF v1 §7, §9, §10): every value is
 * recomputed with the package the server draws with, and compared with what the server published.
 */
type Roll = BattleResults['rolls'][number];

/** A box version's published range table (from caseDetail, when it still serves that version). */
export interface BoxOdds {
  boxId: number;
  version: number;
  oddsHash: string;
  ranges: RollRange[];
}

export interface RollCheck {
  round: number;
  pos: number;
  recorded: Roll | null;
  /** null only when the server seed is malformed, so nothing can be recomputed. */
  trace: RollTrace | null;
  /** "{prefix}:{cursor}" of every HMAC block read. */
  messages: string[];
  rollOk: boolean;
  /** The recomputed rollCode lies in the recorded [rangeLow, rangeHigh]. */
  inRangeOk: boolean;
  /** The recorded range and item are the version's own for this rollCode; null without that version's table. */
  itemOk: boolean | null;
  hit: RollRange | null;
  ok: boolean;
}

export interface BoxCheck {
  round: number;
  boxId: number;
  version: number;
  /** null when caseDetail no longer serves this version (only the recorded ranges can be checked then). */
  oddsOk: boolean | null;
}

export interface SeatTotal {
  pos: number;
  totalFen: number;
}

export interface BattleVerification {
  commitment: CommitmentCheck;
  seatsDigest: { computed: string; ok: boolean };
  round: { roundAtLock: number; expected: number; ok: boolean; time: number; lockedAtS: number };
  beacon: BeaconCheck;
  boxes: BoxCheck[];
  rolls: RollCheck[];
  /** Every round × seat has exactly one recorded roll, and no roll is extra. */
  rollsCompleteOk: boolean;
  totals: SeatTotal[];
  winner: {
    wins: 'highest' | 'lowest';
    tied: number[];
    tiebreak: TiebreakTrace | null;
    computed: number | null;
    ok: boolean;
  };
  ok: boolean;
}

export interface VerifyOptions {
  odds?: ReadonlyMap<number, BoxOdds>;
  /** Only for tests against drand's test chain; the page always uses quicknet's key. */
  drandPublicKey?: string;
}

/** Finished = settled, every round revealed, seed and salt published. */
export const isVerifiable = (b: BattleResults) =>
  b.winnerPos !== null && b.serverSeed !== null && b.secretSalt !== null && b.lockedAt !== null;

function findHit(ranges: RollRange[], code: number): RollRange | null {
  try {
    return pickByRoll(ranges, code);
  } catch {
    return null;
  }
}

function rollCheck(
  b: BattleResults,
  input: BattleRollInput,
  round: number,
  pos: number,
  tableOf: (round: number) => RollRange[] | null,
): RollCheck {
  const recorded = b.rolls.find((r) => r.round === round && r.pos === pos) ?? null;
  const seedOk = SERVER_SEED_PATTERN.test(b.serverSeed ?? '');
  const trace = seedOk ? battleRoll(b.serverSeed!, input, round, pos) : null;
  const messages = trace ? trace.blocks.map((_, cursor) => `${trace.prefix}:${cursor}`) : [];
  const rollOk = trace !== null && recorded !== null && recorded.rollCode === trace.rollCode;
  const inRangeOk = trace !== null && recorded !== null && recorded.rangeLow <= trace.rollCode && trace.rollCode <= recorded.rangeHigh;
  const table = tableOf(round);
  const hit = table && trace ? findHit(table, trace.rollCode) : null;
  const itemOk =
    table === null || trace === null
      ? null
      : hit !== null &&
        recorded !== null &&
        hit.itemId === recorded.giftId &&
        hit.low === recorded.rangeLow &&
        hit.high === recorded.rangeHigh;
  return {
    round,
    pos,
    recorded,
    trace,
    messages,
    rollOk,
    inRangeOk,
    itemOk,
    hit,
    ok: rollOk && inRangeOk && itemOk !== false,
  };
}

/** PF v1 §7.5: mode 0 the highest total of snapshot prices wins, mode 1 the lowest; ties by the stream. */
function winnerOf(b: BattleResults, input: BattleRollInput, totals: SeatTotal[]): BattleVerification['winner'] {
  const wins = b.mode === 1 ? 'lowest' : 'highest';
  if (totals.length === 0) return { wins, tied: [], tiebreak: null, computed: null, ok: false };
  const values = totals.map((s) => s.totalFen);
  const best = wins === 'highest' ? Math.max(...values) : Math.min(...values);
  const tied = totals
    .filter((s) => s.totalFen === best)
    .map((s) => s.pos)
    .sort((x, y) => x - y);
  let tiebreak: TiebreakTrace | null = null;
  let computed: number | null = tied[0]!;
  if (tied.length > 1) {
    if (SERVER_SEED_PATTERN.test(b.serverSeed ?? '')) {
      tiebreak = battleTiebreak(b.serverSeed!, input, tied.length);
      computed = tied[tiebreak.index]!;
    } else computed = null;
  }
  return { wins, tied, tiebreak, computed, ok: computed !== null && computed === b.winnerPos };
}

export function verifyBattle(b: BattleResults, options: VerifyOptions = {}): BattleVerification {
  const seats = [...b.customerList].sort((x, y) => x.pos - y.pos);
  const rounds = [...b.boxList].sort((x, y) => x.round - y.round);

  const commitment = checkCommitment(b.serverSeed, b.secretSalt, b.publicHash);
  const digest = battleSeatsDigest(seats.map((s) => s.clientSeed));
  const lockedAtS = Math.floor(Date.parse(b.lockedAt ?? '') / 1000);
  const roundAtLock = roundAt(lockedAtS);
  const expected = roundAtLock + 3;
  const round = {
    roundAtLock,
    expected,
    ok: Number.isSafeInteger(lockedAtS) && b.targetRound === expected,
    time: roundTime(expected),
    lockedAtS,
  };
  const beacon = checkBeacon(
    { round: b.targetRound ?? 0, source: b.beaconSource, signature: b.beaconSignature, randomness: b.randomness },
    options.drandPublicKey,
  );

  const boxes: BoxCheck[] = rounds.map((box) => {
    const odds = options.odds?.get(box.boxId);
    const same = odds && odds.version === box.version ? odds : null;
    return {
      round: box.round,
      boxId: box.boxId,
      version: box.version,
      oddsOk: same ? oddsHash(box.boxId, box.version, same.ranges) === box.oddsHash : null,
    };
  });
  // A table proves an item only when its oddsHash is the one the battle fixed at creation (W9).
  const tableOf = (r: number) => {
    const box = rounds.find((x) => x.round === r);
    const check = boxes.find((x) => x.round === r);
    return box && check?.oddsOk ? options.odds!.get(box.boxId)!.ranges : null;
  };

  // Every roll is derived from the published values, so a wrong digest or randomness shows as ✗ rolls too.
  const input: BattleRollInput = {
    battleId: b.id,
    round: b.targetRound ?? 0,
    randomness: b.randomness ?? '',
    seatsDigest: b.seatsDigest ?? '',
  };
  const rolls = rounds.flatMap((box) => seats.map((s) => rollCheck(b, input, box.round, s.pos, tableOf)));
  const rollsCompleteOk = b.rolls.length === rounds.length * seats.length && rolls.every((r) => r.recorded !== null);
  const totals = seats.map((s) => ({
    pos: s.pos,
    totalFen: b.rolls.filter((r) => r.pos === s.pos).reduce((sum, r) => sum + r.giftPrice, 0),
  }));
  const winner = winnerOf(b, input, totals);
  const seatsDigest = { computed: digest, ok: digest === b.seatsDigest };
  return {
    commitment,
    seatsDigest,
    round,
    beacon,
    boxes,
    rolls,
    rollsCompleteOk,
    totals,
    winner,
    ok:
      commitment.ok &&
      seatsDigest.ok &&
      round.ok &&
      beacon.ok &&
      boxes.every((x) => x.oddsOk !== false) &&
      rollsCompleteOk &&
      rolls.every((r) => r.ok) &&
      winner.ok,
  };
}
