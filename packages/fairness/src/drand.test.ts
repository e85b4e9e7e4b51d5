import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { drandRandomness, drandRoundMessage, QUICKNET_PUBLIC_KEY, verifyDrandRound } from './index.js';

// TV6 of shared/design/provably-fair.md: round 3 of drand's bls-unchained-g1-rfc9380 test chain.
const TV6 = {
  round: 3,
  publicKey:
    'a1ee12542360bf75742bcade13d6134e7d5283d9eb782887c47d3d9725f05805d37b0106b7f744395bf82c175dd7434a169e998f188a657a030d588892c0cd2c01f996aaf331c4d8bc5b9734bbe261d09e7d2d39ef88b635077f262bd7bbb30f',
  signature: 'b98dae74f6a9d2ec79d75ba273dcfda86a45d589412860eb4c0fd056b00654dbf667c1b6884987c9aee0d43f8ba9db52',
  message: 'd5688a52d55a02ec4aea5ec1eadfffe1c9e0ee6a4ddbe2377f98326d42dfc975',
  randomness: '9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f',
};
// Quicknet round 1000 as api.drand.sh serves it (public; widely used as a fixture), so the pinned key is
// exercised against the real chain and not only the test chain.
const QUICKNET_1000 = {
  round: 1000,
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};

const flipByte = (hex: string, index: number) =>
  hex.slice(0, index * 2) +
  (parseInt(hex.slice(index * 2, index * 2 + 2), 16) ^ 0x01).toString(16).padStart(2, '0') +
  hex.slice(index * 2 + 2);

describe('drand round verification (PF v1 §9, TV6)', () => {
  it('TV6: the signed message, the BLS check and the randomness', () => {
    expect(bytesToHex(drandRoundMessage(TV6.round))).toBe(TV6.message);
    expect(verifyDrandRound(TV6.round, TV6.signature, TV6.publicKey)).toBe(true);
    expect(drandRandomness(TV6.signature)).toBe(TV6.randomness);
  });

  it('a real quicknet round verifies against the pinned key, which matches the spec abbreviation', () => {
    expect(QUICKNET_PUBLIC_KEY.startsWith('83cf0f28')).toBe(true);
    expect(QUICKNET_PUBLIC_KEY.endsWith('ece45a')).toBe(true);
    expect(verifyDrandRound(QUICKNET_1000.round, QUICKNET_1000.signature)).toBe(true);
    expect(drandRandomness(QUICKNET_1000.signature)).toBe(QUICKNET_1000.randomness);
  });

  it('refuses a flipped byte anywhere in the signature', () => {
    for (const index of [0, 1, 24, 47]) expect(verifyDrandRound(TV6.round, flipByte(TV6.signature, index), TV6.publicKey)).toBe(false);
  });

  it('refuses the right signature for another round', () => {
    expect(verifyDrandRound(TV6.round + 1, TV6.signature, TV6.publicKey)).toBe(false);
    expect(verifyDrandRound(QUICKNET_1000.round - 1, QUICKNET_1000.signature)).toBe(false);
  });

  it('refuses the right signature under another key', () => {
    expect(verifyDrandRound(TV6.round, TV6.signature, QUICKNET_PUBLIC_KEY)).toBe(false);
    expect(verifyDrandRound(QUICKNET_1000.round, QUICKNET_1000.signature, TV6.publicKey)).toBe(false);
  });

  it('answers false, never throws, on malformed input', () => {
    expect(verifyDrandRound(TV6.round, TV6.signature.toUpperCase(), TV6.publicKey)).toBe(false);
    expect(verifyDrandRound(TV6.round, TV6.signature.slice(2), TV6.publicKey)).toBe(false);
    expect(verifyDrandRound(TV6.round, '00'.repeat(48), TV6.publicKey)).toBe(false);
    expect(verifyDrandRound(TV6.round, TV6.signature, 'ff'.repeat(96))).toBe(false);
    expect(verifyDrandRound(0, TV6.signature, TV6.publicKey)).toBe(false);
    expect(verifyDrandRound(3.5, TV6.signature, TV6.publicKey)).toBe(false);
  });
});
