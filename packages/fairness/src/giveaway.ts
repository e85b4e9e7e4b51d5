import { assertServerSeed } from './encodings.js';
import { sha256Hex } from './hash.js';
import { ByteStream, uniformInt, type U32Step } from './stream.js';

/**
 * PF v1 §8: the entries' commitment, published at endAt before time(R): SHA-256 of the lines
 * "{entryNo}:{userId}" sorted by entryNo, joined by "\n".
 */
export function giveawayEntriesHash(entries: readonly { entryNo: number; userId: number }[]): string {
  const lines = [...entries].sort((a, b) => a.entryNo - b.entryNo).map((e) => `${e.entryNo}:${e.userId}`);
  return sha256Hex(lines.join('\n'));
}

export interface GiveawayDrawInput {
  giveawayId: number;
  /** The beacon round R fixed at creation, and its randomness. */
  round: number;
  randomness: string;
  entriesHash: string;
}

/** PF v1 §3: the giveaway draw's stream prefix. */
export const giveawayPrefix = (i: GiveawayDrawInput) => `giveaway:${i.giveawayId}:${i.round}:${i.randomness}:${i.entriesHash}`;

export interface FisherYatesStep {
  /** Position i of the shuffle, and the j = i + uniformInt(n − i) it swapped with. */
  i: number;
  j: number;
  /** The u32s read for this step (rejected ones included). */
  reads: U32Step[];
}

export interface GiveawayDrawTrace {
  prefix: string;
  steps: FisherYatesStep[];
  /** winners[k] is the entry number that wins prize k (k = 0 … min(W, n) − 1). */
  winners: number[];
}

/**
 * PF v1 §8: partial Fisher–Yates on a = [1..n]: for i = 0..min(W, n) − 1, j = i + uniformInt(n − i),
 * swap a[i], a[j]; prize k goes to entry a[k]. Only the touched positions are stored, so a room of a
 * million entries costs W steps, not n.
 */
export function giveawayDraw(serverSeed: string, input: GiveawayDrawInput, entryCount: number, prizeCount: number): GiveawayDrawTrace {
  assertServerSeed(serverSeed);
  if (!Number.isSafeInteger(entryCount) || entryCount < 0) throw new RangeError(`entryCount ${entryCount}`);
  if (!Number.isSafeInteger(prizeCount) || prizeCount < 0) throw new RangeError(`prizeCount ${prizeCount}`);
  const stream = new ByteStream(serverSeed, giveawayPrefix(input));
  const moved = new Map<number, number>();
  const at = (k: number) => moved.get(k) ?? k + 1;
  const steps: FisherYatesStep[] = [];
  const winners: number[] = [];
  for (let i = 0; i < Math.min(prizeCount, entryCount); i++) {
    const before = stream.steps.length;
    const j = i + uniformInt(stream, entryCount - i);
    const ai = at(i);
    const aj = at(j);
    moved.set(i, aj);
    moved.set(j, ai);
    steps.push({ i, j, reads: stream.steps.slice(before) });
    winners.push(aj);
  }
  return { prefix: stream.prefix, steps, winners };
}
