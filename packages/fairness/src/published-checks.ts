import { localBeaconRandomness } from './beacon.js';
import { publicHash } from './commitment.js';
import { drandRandomness, QUICKNET_PUBLIC_KEY, verifyDrandRound } from './drand.js';
import { SECRET_SALT_PATTERN, SERVER_SEED_PATTERN } from './encodings.js';

// A verifier's checks of what a draw published (PF v1 §2, §9): the battle and giveaway verify pages run
// these on the server's answer, so each check has one definition beside the math it recomputes.

export interface CommitmentCheck {
  /** The recomputed publicHash; null when the revealed seed or salt is malformed. */
  computed: string | null;
  ok: boolean;
}

/** PF v1 §2: the revealed seed and salt hash to the published commitment. Formats first (W1): a malformed one fails, never hashed. */
export function checkCommitment(serverSeed: string | null, secretSalt: string | null, published: string | null): CommitmentCheck {
  const seed = serverSeed ?? '';
  const salt = secretSalt ?? '';
  if (!SERVER_SEED_PATTERN.test(seed) || !SECRET_SALT_PATTERN.test(salt)) return { computed: null, ok: false };
  const computed = publicHash(seed, salt);
  return { computed, ok: computed === published };
}

/** A draw's published beacon: the round it used, where the randomness came from, and the values. */
export interface PublishedBeacon {
  round: number;
  source: string | null;
  signature: string | null;
  randomness: string | null;
}

export interface BeaconCheck {
  source: string;
  /** The local dev beacon is predictable by design: never an independent source (PF v1 §9). */
  independent: boolean;
  /** drand: the BLS signature of the round under the chain's key; null for the local beacon. */
  signatureOk: boolean | null;
  expectedRandomness: string | null;
  randomnessOk: boolean;
  ok: boolean;
}

/**
 * PF v1 §9: a drand beacon's signature verifies for its round under `publicKey` (quicknet's, pinned) and the
 * randomness is the hash of that signature; the local beacon's randomness is recomputed from the round.
 */
export function checkBeacon(beacon: PublishedBeacon, publicKey: string = QUICKNET_PUBLIC_KEY): BeaconCheck {
  const source = beacon.source ?? '';
  if (source === 'local') {
    const expected = localBeaconRandomness(beacon.round);
    const randomnessOk = expected === beacon.randomness;
    return { source, independent: false, signatureOk: null, expectedRandomness: expected, randomnessOk, ok: randomnessOk };
  }
  const signature = beacon.signature ?? '';
  const signatureOk = source === 'drand' && verifyDrandRound(beacon.round, signature, publicKey);
  const expected = signatureOk ? drandRandomness(signature) : null;
  const randomnessOk = expected !== null && expected === beacon.randomness;
  return { source, independent: true, signatureOk, expectedRandomness: expected, randomnessOk, ok: signatureOk && randomnessOk };
}
