import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.js';
import { retrievalTradeOffers as offers } from './trade-offer-tables.js';

/**
 * Records the trade offer an operator delivered a withdrawal with (manual mode). False when that offer id is
 * already recorded for another withdrawal (one offer completes one withdrawal). The caller holds the
 * retrieval's row lock, and the provider has released any bot row first (FulfilmentProvider.release).
 */
export async function recordManualTradeOffer(tx: Tx, retrievalId: number, offerId: string): Promise<boolean> {
  const [taken] = await tx.select({ retrievalId: offers.retrievalId }).from(offers).where(eq(offers.offerId, offerId));
  if (taken && taken.retrievalId !== retrievalId) return false;
  const [row] = await tx
    .insert(offers)
    .values({ retrievalId, source: 'manual', offerId })
    .onConflictDoUpdate({
      target: offers.retrievalId,
      set: { source: 'manual', offerId, updatedAt: sql`now()` },
    })
    .returning();
  return row !== undefined;
}

/** The trade offer id of each withdrawal that has one. */
export async function tradeOfferIdsOf(ex: Executor, retrievalIds: number[]): Promise<Map<number, string>> {
  if (retrievalIds.length === 0) return new Map();
  const rows = await ex
    .select({ retrievalId: offers.retrievalId, offerId: offers.offerId })
    .from(offers)
    .where(inArray(offers.retrievalId, retrievalIds));
  return new Map(rows.filter((r) => r.offerId !== null).map((r) => [r.retrievalId, r.offerId!]));
}
