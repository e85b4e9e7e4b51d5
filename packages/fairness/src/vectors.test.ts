import { describe, expect, it } from 'vitest';
import {
  buildRanges,
  caseRoll,
  dreamFee,
  dreamRoll,
  dreamWins,
  FairnessInputError,
  oddsHash,
  pickByRoll,
  publicHash,
  roundAt,
  roundTime,
  targetRound,
} from './index.js';

// The test vectors of shared/design/provably-fair.md; the web verify page runs this same package.
const ACTIVE_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const CLIENT_SEED = 'lucky-Panda_2025';
const case1001 = buildRanges([
  { itemId: 5001, weight: 79920 },
  { itemId: 5002, weight: 15980 },
  { itemId: 5003, weight: 3200 },
  { itemId: 5004, weight: 640 },
  { itemId: 5005, weight: 260 },
]);

describe('PF v1 test vectors', () => {
  it('TV1 commitments', () => {
    expect(publicHash(ACTIVE_SEED, 'bb71d866166bd48b341e35d29e76afaa')).toBe(
      'ab677ac69faa43d40a8a01de992df6c56946a2d97b8fd7e3df8eb949d7b13e24',
    );
    expect(publicHash('5dbb7345c23b1be912cd58410cba47faded235ca41f1a3151a64fcf4773f25fe', 'dd24221be5fa497c73386911edb3e135')).toBe(
      'b2343471d76ed16a8909b4c9de259a7c77b517a366dfeb7ae5f694bd79c275d0',
    );
  });

  it('TV1 refuses seeds and salts of any other format (W1)', () => {
    expect(() => publicHash(ACTIVE_SEED.toUpperCase(), 'bb71d866166bd48b341e35d29e76afaa')).toThrow(FairnessInputError);
    expect(() => publicHash(ACTIVE_SEED.slice(0, 63), 'bb71d866166bd48b341e35d29e76afaa')).toThrow(FairnessInputError);
    expect(() => publicHash(ACTIVE_SEED, 'bb71d866')).toThrow(FairnessInputError);
  });

  it('TV2 ranges and oddsHash', () => {
    expect(case1001.map((r) => [r.itemId, r.low, r.high])).toEqual([
      [5001, 1, 79920],
      [5002, 79921, 95900],
      [5003, 95901, 99100],
      [5004, 99101, 99740],
      [5005, 99741, 100000],
    ]);
    expect(oddsHash(1001, 3, case1001)).toBe('43815d794bb411cc64f67ed9eb205bcee99a30e22192ed79fcca77d5af8d2e27');
  });

  it('TV2 case openings for nonces 0, 1, 2', () => {
    const trace = caseRoll(ACTIVE_SEED, CLIENT_SEED, 0);
    expect(trace.prefix).toBe('case:lucky-Panda_2025:0');
    expect(trace.blocks[0]).toBe('023d163fd552d85968b4c2e8f45b8f65117cc324119869e3edd00dcb0321e37e');
    const expected = [
      [37557823, 57824, 5001],
      [4024495849, 95850, 5002],
      [290898709, 98710, 5003],
    ];
    expected.forEach(([u32, code, item], nonce) => {
      const t = caseRoll(ACTIVE_SEED, CLIENT_SEED, nonce);
      expect(t.steps[0]!.value).toBe(u32);
      expect(t.rollCode).toBe(code);
      expect(pickByRoll(case1001, t.rollCode).itemId).toBe(item);
    });
  });

  it('TV3 rejection inside rollCode', () => {
    const t = caseRoll(ACTIVE_SEED, CLIENT_SEED, 50782);
    expect(t.blocks[0]).toBe('ffffb6353ba1dc82b17e4a3f361f8e73b3c55dc8dd699fccc63d4992b29dac9a');
    expect(t.steps.map((s) => [s.value, s.accepted])).toEqual([
      [4294948405, false],
      [1000463490, true],
    ]);
    expect(t.rollCode).toBe(63491);
    expect(pickByRoll(case1001, t.rollCode).itemId).toBe(5001);
  });

  it('TV5 dream chasing', () => {
    const rows = [
      [3, 12345, 25000, 3249, 64289, false],
      [4, 12345, 75000, 9747, 26390, true],
      [5, 880000, 5000, 46316, 4658, true],
    ] as const;
    for (const [nonce, price, p, fee, code, win] of rows) {
      expect(dreamFee(price, p, 9500)).toBe(fee);
      const t = dreamRoll(ACTIVE_SEED, CLIENT_SEED, nonce);
      expect(t.rollCode).toBe(code);
      expect(dreamWins(t.rollCode, p)).toBe(win);
    }
    expect(dreamRoll(ACTIVE_SEED, CLIENT_SEED, 3).blocks[0]).toBe('a4fed5c0cce7b940f16b2a16aa2bc3b268ce4d556a341a801631f2dee1ee704f');
  });

  it('TV9 quicknet round math', () => {
    expect(roundAt(1763830000)).toBe(23675545);
    expect(targetRound(1763830000)).toBe(23675548);
    expect(roundTime(23675548)).toBe(1763830008);
  });

  it('refuses weights that do not cover the roll space exactly (W12)', () => {
    expect(() => buildRanges([{ itemId: 1, weight: 99_999 }])).toThrow(/sum/);
    expect(() =>
      buildRanges([
        { itemId: 1, weight: 50_000.5 },
        { itemId: 2, weight: 49_999.5 },
      ]),
    ).toThrow(/integer/);
  });
});
