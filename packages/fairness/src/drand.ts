import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * drand quicknet (PF v1 §9): chain hash and the group public key, as served by
 * https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/info. The key is
 * pinned here rather than fetched, so a relay cannot swap the chain under us.
 */
export const QUICKNET_CHAIN_HASH = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
export const QUICKNET_PUBLIC_KEY =
  '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';
/** bls-unchained-g1-rfc9380: signatures on G1, so the G1 hash-to-curve suite. */
export const DRAND_G1_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

const G1_SIGNATURE_HEX = /^[0-9a-f]{96}$/;
const G2_PUBLIC_KEY_HEX = /^[0-9a-f]{192}$/;

/** The message an unchained drand round signs: SHA-256 of the round as a big-endian uint64. */
export function drandRoundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

/** drand's own definition of a round's randomness: SHA-256 of the signature bytes. */
export const drandRandomness = (signatureHex: string) => bytesToHex(sha256(hexToBytes(signatureHex)));

/**
 * True only when `signatureHex` is the chain's BLS signature of round `round`. Malformed input (bad hex,
 * a point not on the curve, a round that is not a positive safe integer) is false, never a throw, so a
 * hostile relay's answer is simply refused.
 */
export function verifyDrandRound(round: number, signatureHex: string, publicKeyHex: string = QUICKNET_PUBLIC_KEY): boolean {
  if (!Number.isSafeInteger(round) || round < 1) return false;
  if (!G1_SIGNATURE_HEX.test(signatureHex) || !G2_PUBLIC_KEY_HEX.test(publicKeyHex)) return false;
  try {
    const bls = bls12_381.shortSignatures;
    return bls.verify(hexToBytes(signatureHex), bls.hash(drandRoundMessage(round), DRAND_G1_DST), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}
