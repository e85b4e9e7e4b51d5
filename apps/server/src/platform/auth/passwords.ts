import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3): about 50 ms here, which is the point. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

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
