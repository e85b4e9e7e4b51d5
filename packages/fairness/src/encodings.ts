/** PF v1 §1: fixed encodings. A verifier rejects anything else before hashing (closes W1). */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const SECRET_SALT_PATTERN = /^[0-9a-f]{32}$/;
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Rotation is forced before the nonce could wrap (W8). */
export const MAX_NONCE = 2 ** 31 - 1;
export const ROLL_SPACE = 100_000;

export class FairnessInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FairnessInputError';
  }
}

export function assertServerSeed(seed: string): void {
  if (!SERVER_SEED_PATTERN.test(seed)) throw new FairnessInputError('server seed must be 64 lowercase hex characters');
}
export function assertSalt(salt: string): void {
  if (!SECRET_SALT_PATTERN.test(salt)) throw new FairnessInputError('secret salt must be 32 lowercase hex characters');
}
export function assertClientSeed(seed: string): void {
  if (!CLIENT_SEED_PATTERN.test(seed)) throw new FairnessInputError('client seed must be 1-64 of A-Z a-z 0-9 _ -');
}
export function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0 || nonce > MAX_NONCE) throw new FairnessInputError('nonce out of range');
}
