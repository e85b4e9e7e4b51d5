import { assertSalt, assertServerSeed } from './encodings.js';
import { sha256Hex } from './hash.js';

/** PF v1 §2: publicHash = hex(SHA-256(serverSeed + ":" + secretSalt)), formats checked first. */
export function publicHash(serverSeed: string, secretSalt: string): string {
  assertServerSeed(serverSeed);
  assertSalt(secretSalt);
  return sha256Hex(`${serverSeed}:${secretSalt}`);
}
