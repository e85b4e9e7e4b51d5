import { assertClientSeed, assertNonce, assertServerSeed } from './encodings.js';
import { ByteStream, rollCode, type U32Step } from './stream.js';

export interface RollTrace {
  prefix: string;
  /** Hex of every HMAC block used. */
  blocks: string[];
  steps: U32Step[];
  rollCode: number;
}

function roll(serverSeed: string, prefix: string): RollTrace {
  const stream = new ByteStream(serverSeed, prefix);
  const code = rollCode(stream);
  return { prefix, blocks: stream.blocks, steps: stream.steps, rollCode: code };
}

/** PF v1 §3 prefixes: every use has its own stream (W10). */
export function caseRoll(serverSeed: string, clientSeed: string, nonce: number): RollTrace {
  assertServerSeed(serverSeed);
  assertClientSeed(clientSeed);
  assertNonce(nonce);
  return roll(serverSeed, `case:${clientSeed}:${nonce}`);
}

export function dreamRoll(serverSeed: string, clientSeed: string, nonce: number): RollTrace {
  assertServerSeed(serverSeed);
  assertClientSeed(clientSeed);
  assertNonce(nonce);
  return roll(serverSeed, `dream:${clientSeed}:${nonce}`);
}

export interface BattleRollInput {
  battleId: number;
  round: number;
  randomness: string;
  seatsDigest: string;
}

export function battleRoll(serverSeed: string, input: BattleRollInput, caseRound: number, seat: number): RollTrace {
  assertServerSeed(serverSeed);
  return roll(serverSeed, `battle:${input.battleId}:${input.round}:${input.randomness}:${input.seatsDigest}:${caseRound}:${seat}`);
}
