import { AppError } from '../../platform/errors.js';
import type { RawConnection } from '../../platform/db/raw.js';
import { toInt } from '../../platform/db/rows.js';
import { splitSpend, spendParams, transfersExpected } from '../../platform/ledger/index.js';
import { assertMayPlay } from '../protection/index.js';
import { LOCK_FOR_ENTRY, WRITE_ENTRY, type LockedForEntry, type WrittenEntry } from './entry-statements.js';

/** A human seat's payment: the player's rows locked and checked, the split, then the seat and its debit. */

interface Entry {
  locked: LockedForEntry;
  split: ReturnType<typeof splitSpend>;
  clientSeed: string;
}

/**
 * A human seat snapshots the player's active client seed (PF v1 §7.2). A player who has given none (no
 * pairs yet, or a pair made without one) is refused before anything is paid: the server never makes a
 * seed up (issue 24 §13); the web gives the browser's seed and asks again.
 */
export async function lockForEntry(conn: RawConnection, userId: number, amountFen: number): Promise<Entry> {
  const [locked] = await conn.query<LockedForEntry>(LOCK_FOR_ENTRY, [userId]);
  if (!locked || locked.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
  if (locked.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
  if (locked.client_seed === null) throw new AppError('CLIENT_SEED_MISSING', `user ${userId}`);
  if (locked.protected) await assertMayPlay(conn.drizzle(), userId, amountFen);
  const split = splitSpend(locked, amountFen);
  return { locked, split, clientSeed: locked.client_seed };
}

export async function writeEntry(conn: RawConnection, battleId: number, seat: number, userId: number, entry: Entry): Promise<void> {
  const { locked, split } = entry;
  const [written] = await conn.query<WrittenEntry>(WRITE_ENTRY, [
    ...spendParams(locked, split, userId),
    String(battleId),
    battleId,
    seat,
    userId,
    entry.clientSeed,
  ]);
  if (toInt(written?.transfers) !== transfersExpected(split)) throw new AppError('INSUFFICIENT_BALANCE', 'debit refused');
  if (toInt(written?.seated) !== 1) throw new AppError('INTERNAL', 'seat not written');
}
