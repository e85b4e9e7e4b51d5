import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../platform/db/client.js';
import { runInTransaction } from '../platform/db/tx.js';
import { auditLedger, credit } from '../platform/ledger/index.js';
import { createSession } from '../platform/auth/index.js';
import { createUser } from '../features/users/index.js';
import { ensurePairs } from '../features/fairness/index.js';

let counter = 0;

/** What a browser sends as its client seed (PF v1 §1: 16 random bytes as hex); the server never makes one. */
export const browserClientSeed = () => randomBytes(16).toString('hex');

/**
 * A player with money credited through the ledger (never by writing balances), and seed pairs carrying a
 * client seed as if the browser had sent one at sign-up (`clientSeed: null`: a player who has given none).
 */
export async function givenUser(
  db: Db,
  options: { coinsFen?: number; pointsFen?: number; secondaryFen?: number; nickname?: string; clientSeed?: string | null } = {},
) {
  return runInTransaction(db, async ({ tx }) => {
    const user = await createUser(tx, { nickname: options.nickname ?? `玩家${++counter}` });
    await ensurePairs(tx, user.id, options.clientSeed === undefined ? browserClientSeed() : options.clientSeed);
    const grants = [
      ['coin', options.coinsFen],
      ['point', options.pointsFen],
      ['secondary', options.secondaryFen],
    ] as const;
    for (const [kind, amountFen] of grants) {
      if (amountFen) await credit(tx, { userId: user.id, kind, amountFen, from: 'promotions', code: 'demo_credit' });
    }
    return user;
  });
}

export async function givenSession(db: Db, userId: number): Promise<string> {
  return (await createSession(db, userId)).token;
}

/** Every money test ends with this (style-examples): zero sum, nothing negative, balances = entries. */
export async function expectBooksBalanced(db: Db): Promise<void> {
  const audit = await auditLedger(db, { deep: true });
  expect(audit).toMatchObject({ sumFen: 0, negativeUserAccounts: 0, mismatchedAccounts: 0, balanced: true });
}
