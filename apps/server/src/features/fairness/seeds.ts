import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MAX_NONCE, publicHash } from '@skinfair/fairness';
import type { Executor, Tx } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';

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

/** A default client seed when the browser has not chosen one yet (it may change it any time). */
const defaultClientSeed = () => randomBytes(16).toString('hex');

async function insertPair(ex: Executor, userId: number, state: 'active' | 'next', clientSeed: string | null) {
  const p = freshPair();
  await ex.execute(sql`INSERT INTO seed_pairs (user_id, state, server_seed, secret_salt, public_hash, client_seed, activated_at)
    VALUES (${userId}, ${state}, ${p.serverSeed}, ${p.secretSalt}, ${p.publicHash}, ${clientSeed}, ${state === 'active' ? sql`now()` : null})
    ON CONFLICT (user_id) WHERE state = ${state} DO NOTHING`);
}

/** Every player has an active pair and a next pair (W2: the next hash is shown before a seed is chosen). */
export async function ensurePairs(ex: Executor, userId: number): Promise<void> {
  await insertPair(ex, userId, 'active', defaultClientSeed());
  await insertPair(ex, userId, 'next', null);
}

const toPair = (r: Record<string, unknown>): ActivePair => ({
  id: toInt(r.id),
  serverSeed: String(r.server_seed),
  publicHash: String(r.public_hash),
  clientSeed: String(r.client_seed),
  nonce: toInt(r.nonce),
});

/**
 * Locks the active pair. A concurrent rotation may retire the row we waited on: when its lock is released
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

/** The active pair, locked for the rest of the transaction: nonces are taken one roll at a time. */
export async function lockActivePair(tx: Tx, userId: number): Promise<ActivePair> {
  return toPair(await lockActiveRow(tx, userId));
}

/**
 * Reserves `count` consecutive nonces. A pair that would pass 2^31−1 is rotated first (W8), so a nonce
 * never wraps and an old roll is never replayed.
 */
export async function takeNonces(tx: Tx, userId: number, count: number): Promise<ActivePair> {
  let pair = await lockActivePair(tx, userId);
  // The stored nonce is the next one to use; it must stay a valid nonce itself (an int4, ≤ MAX_NONCE).
  if (pair.nonce + count > MAX_NONCE) {
    await rotatePair(tx, userId, pair.clientSeed);
    pair = await lockActivePair(tx, userId);
  }
  await tx.execute(sql`UPDATE seed_pairs SET nonce = nonce + ${count} WHERE id = ${pair.id}`);
  return pair;
}

/** Retires (and so reveals) the active pair, activates the next one with a client seed, makes a new next. */
export async function rotatePair(tx: Tx, userId: number, clientSeed?: string): Promise<void> {
  const active = await lockActiveRow(tx, userId);
  await ensurePairs(tx, userId);
  await tx.execute(sql`UPDATE seed_pairs SET state = 'retired', retired_at = now() WHERE id = ${toInt(active.id)}`);
  await tx.execute(sql`UPDATE seed_pairs SET state = 'active', activated_at = now(), nonce = 0,
    client_seed = ${clientSeed ?? String(active.client_seed)} WHERE user_id = ${userId} AND state = 'next'`);
  await insertPair(tx, userId, 'next', null);
}
