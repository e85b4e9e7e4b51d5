import { describe, expect, it } from 'vitest';
import {
  battleRoll,
  battleSeatsDigest,
  battleTiebreak,
  battleTiebreakIndex,
  battleTiebreakPrefix,
  FairnessInputError,
  sha256Hex,
} from './index.js';

// Values computed with the server's own tie-break code before it moved here (apps/server battles rules.ts),
// so the move changes no battle's outcome.
const SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const DIGEST = '9751e98b1929ea588f12bf2107e8b6966ba55d551b754d5c3076fd57a3556ba2';
const input = {
  battleId: 43,
  round: 23675548,
  randomness: '9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f',
  seatsDigest: DIGEST,
};

describe('battle fairness (PF v1 §7)', () => {
  it('digests the seats client seeds in seat order, comma-joined', () => {
    expect(battleSeatsDigest(['lucky-Panda_2025', 'bot-2', 'bot-3'])).toBe(DIGEST);
    expect(battleSeatsDigest(['lucky-Panda_2025', 'bot-2', 'bot-3'])).toBe(sha256Hex('lucky-Panda_2025,bot-2,bot-3'));
    expect(battleSeatsDigest(['bot-2', 'lucky-Panda_2025', 'bot-3'])).not.toBe(DIGEST);
  });

  it('builds the tie-break prefix from the same fields as the rolls', () => {
    expect(battleTiebreakPrefix(input)).toBe(
      `battle:43:23675548:9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f:${DIGEST}:tiebreak`,
    );
    expect(battleRoll(SEED, input, 1, 1).prefix).toBe(
      `battle:43:23675548:9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f:${DIGEST}:1:1`,
    );
  });

  it('picks the tied index with one uniformInt from the tie-break stream', () => {
    expect([2, 3, 4].map((n) => battleTiebreakIndex(SEED, input, n))).toEqual([1, 2, 1]);
    const trace = battleTiebreak(SEED, input, 3);
    expect(trace.steps).toEqual([{ block: 0, offset: 0, value: 3311853737, accepted: true }]);
    expect(trace.index).toBe(3311853737 % 3);
    expect(battleTiebreakIndex(SEED, { ...input, battleId: 7 }, 3)).toBe(2);
  });

  it('refuses a server seed of any other format (W1)', () => {
    expect(() => battleTiebreakIndex(SEED.toUpperCase(), input, 2)).toThrow(FairnessInputError);
  });
});
