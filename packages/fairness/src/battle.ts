import { assertServerSeed } from './encodings.js';
import { sha256Hex } from './hash.js';
import type { BattleRollInput } from './rolls.js';
import { ByteStream, uniformInt, type U32Step } from './stream.js';

/** PF v1 §7.3: SHA-256 of the seats' client seeds in seat order (1..N), joined by ",". */
export const battleSeatsDigest = (clientSeeds: string[]) => sha256Hex(clientSeeds.join(','));

/** PF v1 §3: the tie-break stream's prefix; the same battle fields as every roll, then `tiebreak`. */
export const battleTiebreakPrefix = (input: BattleRollInput) =>
  `battle:${input.battleId}:${input.round}:${input.randomness}:${input.seatsDigest}:tiebreak`;

export interface TiebreakTrace {
  prefix: string;
  steps: U32Step[];
  /** Index into the tied seats sorted ascending. */
  index: number;
}

/**
 * PF v1 §7.5: with `tiedCount` seats tied (sorted ascending), the winner is `tied[index]`, one
 * uniformInt(tiedCount) from the tie-break stream. The trace lets a verifier show the u32s it read.
 */
export function battleTiebreak(serverSeed: string, input: BattleRollInput, tiedCount: number): TiebreakTrace {
  assertServerSeed(serverSeed);
  const stream = new ByteStream(serverSeed, battleTiebreakPrefix(input));
  const index = uniformInt(stream, tiedCount);
  return { prefix: stream.prefix, steps: stream.steps, index };
}

export const battleTiebreakIndex = (serverSeed: string, input: BattleRollInput, tiedCount: number) =>
  battleTiebreak(serverSeed, input, tiedCount).index;
