import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3): about 50 ms here, which is the point. */
const PRODUCTION_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;
let cost: { memoryCost: number; timeCost: number; parallelism: number } = PRODUCTION_COST;

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id, ...cost });

/**
 * Test runs only (testing/fast-hashing.ts): hundreds of test operators and players each cost a hash and a
 * verify, about 30 s of a run at the production cost. A hash carries its own parameters, so every verify
 * of these is cheap too; the server's own processes never call this.
 */
export function useCheapPasswordHashingForTests(): void {
  cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Compared against when the account does not exist, so timing does not reveal registration. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password-0'));
