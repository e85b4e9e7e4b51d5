import { describe, expect, it } from 'vitest';
import { checkBeacon, checkCommitment, localBeaconRandomness } from './index.js';

// TV1 and TV6 of shared/design/provably-fair.md (the same vectors as vectors.test.ts and drand.test.ts).
const SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const SALT = 'bb71d866166bd48b341e35d29e76afaa';
const HASH = 'ab677ac69faa43d40a8a01de992df6c56946a2d97b8fd7e3df8eb949d7b13e24';
const TV6 = {
  round: 3,
  publicKey:
    'a1ee12542360bf75742bcade13d6134e7d5283d9eb782887c47d3d9725f05805d37b0106b7f744395bf82c175dd7434a169e998f188a657a030d588892c0cd2c01f996aaf331c4d8bc5b9734bbe261d09e7d2d39ef88b635077f262bd7bbb30f',
  signature: 'b98dae74f6a9d2ec79d75ba273dcfda86a45d589412860eb4c0fd056b00654dbf667c1b6884987c9aee0d43f8ba9db52',
  randomness: '9e9829dfb34bd8db3e21c28e13aefecd86e007ebd19d6bb8a5cee99c0a34798f',
};

describe('commitment check of a revealed seed (PF v1 §2, TV1)', () => {
  it('accepts the published hash of the revealed seed and salt', () => {
    expect(checkCommitment(SEED, SALT, HASH)).toEqual({ computed: HASH, ok: true });
  });

  it('refuses another published hash, showing what the seed hashes to', () => {
    expect(checkCommitment(SEED, SALT, HASH.replace('a', 'b'))).toEqual({ computed: HASH, ok: false });
  });

  it('fails a missing or malformed seed or salt without hashing it (W1)', () => {
    expect(checkCommitment(null, SALT, HASH)).toEqual({ computed: null, ok: false });
    expect(checkCommitment(SEED.toUpperCase(), SALT, HASH)).toEqual({ computed: null, ok: false });
    expect(checkCommitment(SEED, 'bb71d866', HASH)).toEqual({ computed: null, ok: false });
  });
});

describe('beacon check of a draw (PF v1 §9, TV6)', () => {
  const drand = { round: TV6.round, source: 'drand', signature: TV6.signature, randomness: TV6.randomness };

  it('accepts a drand round signed under the chain key whose randomness is the signature hash', () => {
    expect(checkBeacon(drand, TV6.publicKey)).toEqual({
      source: 'drand',
      independent: true,
      signatureOk: true,
      expectedRandomness: TV6.randomness,
      randomnessOk: true,
      ok: true,
    });
  });

  it('refuses the signature for another round, and randomness that is not its hash', () => {
    expect(checkBeacon({ ...drand, round: 4 }, TV6.publicKey)).toMatchObject({ signatureOk: false, expectedRandomness: null, ok: false });
    expect(checkBeacon({ ...drand, randomness: '00'.repeat(32) }, TV6.publicKey)).toMatchObject({
      signatureOk: true,
      randomnessOk: false,
      ok: false,
    });
  });

  it('refuses the test chain round under quicknet, and an unknown source', () => {
    expect(checkBeacon(drand).ok).toBe(false);
    expect(checkBeacon({ ...drand, source: null }, TV6.publicKey)).toMatchObject({ source: '', signatureOk: false, ok: false });
  });

  it('recomputes the local beacon from its round and never calls it independent', () => {
    const randomness = localBeaconRandomness(7);
    expect(checkBeacon({ round: 7, source: 'local', signature: null, randomness })).toEqual({
      source: 'local',
      independent: false,
      signatureOk: null,
      expectedRandomness: randomness,
      randomnessOk: true,
      ok: true,
    });
    expect(checkBeacon({ round: 8, source: 'local', signature: null, randomness }).ok).toBe(false);
  });
});
