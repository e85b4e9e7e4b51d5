import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MAX_NONCE, publicHash } from '@skinfair/fairness';
import type { Executor, Tx } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { TakenPairRow } from './rolls-sql.js';

export interface ActivePair {
  id: number;
  serverSeed: string;
  publicHash: string;
  clientSeed: string;
  nonce: number;
}

/** 32 CSPRNG bytes of seed, 16 of salt, committed before use (PF v1 §1–§2). */
function freshPair() {
  const serverSeed = randomBytes(32).toString('hex');
  const secretSalt = randomBytes(16).toString('hex');
  return { serverSeed, secretSalt, publicHash: publicHash(serverSeed, secretSalt) };
}

/** One row of `seed_pairs` to insert: a fresh committed pair in `state`. */
function pairRow(userId: number, state: 'active' | 'next', clientSeed: string | null) {
  const p = freshPair();
  return sql`(${userId}, ${state}, ${p.serverSeed}, ${p.secretSalt}, ${p.publicHash}, ${clientSeed}, ${state === 'active' ? sql`now()` : null})`;
}

/** Inserts the pairs a player lacks; one that exists (the one-active, one-next indexes) is kept as it is. */
async function insertPairs(ex: Executor, rows: ReturnType<typeof pairRow>[]) {
  await ex.execute(sql`INSERT INTO seed_pairs (user_id, state, server_seed, secret_salt, public_hash, client_seed, activated_at)
    VALUES ${sql.join(rows, sql`, `)} ON CONFLICT DO NOTHING`);
}

/**
 * Every player has an active pair and a next pair (W2: the next hash is shown before a seed is chosen).
 * The client seed is the browser's (PF v1 §1) or none: the server never makes one up (issue 24 §13), so a
 * pair made without one cannot roll until the player gives it (setMissingClientSeed). One statement: it
 * runs in every sign-up.
 */
export async function ensurePairs(ex: Executor, userId: number, clientSeed: string | null = null): Promise<void> {
  await insertPairs(ex, [pairRow(userId, 'active', clientSeed), pairRow(userId, 'next', clientSeed)]);
}

/**
 * The browser's client seed for an active pair that has none (a login, or the web before a first roll).
 * Never a change: a pair that has a seed keeps it until the player rotates. True when the seed was taken.
 */
export async function setMissingClientSeed(ex: Executor, userId: number, clientSeed: string): Promise<boolean> {
  await ensurePairs(ex, userId);
  const rows = await queryRows(
    ex,
    sql`WITH active AS (
      UPDATE seed_pairs SET client_seed = ${clientSeed}
      WHERE user_id = ${userId} AND state = 'active' AND client_seed IS NULL RETURNING id
    ), next AS (
      UPDATE seed_pairs SET client_seed = ${clientSeed}
      WHERE user_id = ${userId} AND state = 'next' AND client_seed IS NULL AND EXISTS (SELECT 1 FROM active)
    )
    SELECT id FROM active`,
  );
  return rows.length > 0;
}

const toPair = (r: Record<string, unknown>): ActivePair => ({
  id: toInt(r.id),
  serverSeed: String(r.server_seed),
  publicHash: String(r.public_hash),
  clientSeed: String(r.client_seed),
  nonce: toInt(r.nonce),
});

/**
 * Locks the active pair, for the rest of the transaction: nonces are taken one roll at a time. A concurrent rotation may retire the row we waited on: when its lock is released
 * the row no longer matches, so we look again (a new statement sees the newly active pair).
 */
async function lockActiveRow(tx: Tx, userId: number): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await queryRows(tx, sql`SELECT * FROM seed_pairs WHERE user_id = ${userId} AND state = 'active' FOR UPDATE`);
    if (row) return row;
    // First roll of this player, or a rotation in between: make the pairs (no-op when they exist).
    await ensurePairs(tx, userId);
  }
  throw new AppError('INTERNAL', `no active pair for ${userId}`);
}

/**
 * Reserves `count` consecutive nonces. A pair that would pass 2^31−1 is rotated first (W8), so a nonce
 * never wraps and an old roll is never replayed. A pair without the player's client seed rolls nothing
 * (issue 24 §13): the refusal rolls back the caller's transaction, so nothing is spent and no nonce used.
 */
export async function takeNonces(tx: Tx, userId: number, count: number): Promise<ActivePair> {
  const row = await lockActiveRow(tx, userId);
  if (row.client_seed === null) throw new AppError('CLIENT_SEED_MISSING', `user ${userId}`);
  let pair = toPair(row);
  // The stored nonce is the next one to use; it must stay a valid nonce itself (an int4, ≤ MAX_NONCE).
  if (pair.nonce + count > MAX_NONCE) {
    await rotatePair(tx, userId, pair.clientSeed);
    pair = toPair(await lockActiveRow(tx, userId));
  }
  await tx.execute(sql`UPDATE seed_pairs SET nonce = nonce + ${count} WHERE id = ${pair.id}`);
  return pair;
}

/**
 * The pair a hot path's own statement took nonces from (takeNoncesCte), or, when it took none, takeNonces'
 * answer: a first roll (no pairs yet), a pair about to pass MAX_NONCE (W8), which it makes or rotates, or a
 * pair without the player's client seed, which it refuses (issue 24 §13: the refusal rolls the caller back).
 * The caller's statement has locked the accounts already, so the lock order holds.
 */
export async function takenPair(tx: Tx, userId: number, count: number, row: TakenPairRow): Promise<ActivePair> {
  if (row.pair_id === null) return takeNonces(tx, userId, count);
  return {
    id: toInt(row.pair_id),
    serverSeed: row.server_seed!,
    clientSeed: row.client_seed!,
    publicHash: row.public_hash!,
    nonce: toInt(row.first_nonce),
  };
}

/**
 * Retires (and so reveals) the active pair, activates the next one with a client seed (the one given, or
 * the retired pair's; none stays none), makes a new next.
 */
export async function rotatePair(tx: Tx, userId: number, clientSeed?: string): Promise<void> {
  const active = await lockActiveRow(tx, userId);
  await ensurePairs(tx, userId);
  const seed = clientSeed ?? (active.client_seed as string | null);
  await tx.execute(sql`UPDATE seed_pairs SET state = 'retired', retired_at = now() WHERE id = ${toInt(active.id)}`);
  await tx.execute(sql`UPDATE seed_pairs SET state = 'active', activated_at = now(), nonce = 0,
    client_seed = ${seed} WHERE user_id = ${userId} AND state = 'next'`);
  await insertPairs(tx, [pairRow(userId, 'next', seed)]);
}
