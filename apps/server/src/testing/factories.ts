import { expect } from 'vitest';
import type { Db } from '../platform/db/client.js';
import { runInTransaction } from '../platform/db/tx.js';
import { auditLedger, credit } from '../platform/ledger/index.js';
import { createSession } from '../platform/auth/index.js';
import { createUser } from '../features/users/index.js';

let counter = 0;

/** A player with money credited through the ledger (never by writing balances). */
export async function givenUser(
  db: Db,
  options: { coinsFen?: number; pointsFen?: number; secondaryFen?: number; nickname?: string } = {},
) {
  return runInTransaction(db, async ({ tx }) => {
    const user = await createUser(tx, { nickname: options.nickname ?? `玩家${++counter}` });
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
