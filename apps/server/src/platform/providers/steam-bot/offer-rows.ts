import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { retrievalTradeOffers as offers } from '../trade-offer-tables.js';

export type OfferRow = typeof offers.$inferSelect;

/** In every offer's message: how a restart finds an offer it sent but did not get to record. */
export const offerMarker = (retrievalId: number) => `[skinfair:${retrievalId}]`;

export const lockOffer = async (tx: Tx, retrievalId: number): Promise<OfferRow | null> =>
  (await tx.select().from(offers).where(eq(offers.retrievalId, retrievalId)).for('update'))[0] ?? null;

export const updateOffer = (tx: Tx, retrievalId: number, set: Partial<typeof offers.$inferInsert>) =>
  tx
    .update(offers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(offers.retrievalId, retrievalId));

/**
 * Takes the send claim (sending_until) for `claimMs` with the asset to send, unless another run holds an
 * unexpired one. Compared on the database's clock, the same for every node.
 */
export async function claimSend(tx: Tx, retrievalId: number, assetId: string, claimMs: number): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ assetId, sendingUntil: sql`now() + make_interval(secs => ${claimMs / 1000})`, updatedAt: sql`now()` })
    .where(sql`${offers.retrievalId} = ${retrievalId} AND (${offers.sendingUntil} IS NULL OR ${offers.sendingUntil} < now())`)
    .returning({ id: offers.retrievalId });
  return rows.length === 1;
}

/** Whether a send claim is still running (the console must not give the withdrawal up meanwhile). */
export async function sendInProgress(tx: Tx, retrievalId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: offers.retrievalId })
    .from(offers)
    .where(sql`${offers.retrievalId} = ${retrievalId} AND ${offers.sendingUntil} >= now()`);
  return rows.length === 1;
}
