import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { FulfilmentRetrieval, FulfilmentStep, OutsideCall, ReleaseAnswer } from '../fulfilment.js';
import { retrievalTradeOffers as offers } from '../trade-offer-tables.js';
import { cancellable, offerOutcome, OfferState } from './offer-states.js';
import { lockOffer, sendInProgress, updateOffer, type OfferRow } from './offer-rows.js';
import { findByMarker, type SendContext } from './send.js';

/**
 * An operator ends a bot withdrawal by hand (issue 26 §7: no call to Steam here, in the operator's
 * transaction, which holds the retrieval row). When nothing of the bot's can be at Steam (no asset was ever
 * reserved, so no send was ever claimed) the withdrawal is the operator's at once. Otherwise completing is
 * refused (an offer is, or may be, out: fail it first), and failing is recorded as a request that the
 * retrieval job carries out (`releaseStep`): the item stays out of the backpack until Steam says the offer
 * can no longer be accepted, so it never both reaches the player and comes back.
 */
export async function requestRelease(tx: Tx, id: number, outcome: 'failed' | 'completed', reason: string): Promise<ReleaseAnswer> {
  const row = await lockOffer(tx, id);
  if (!row || row.source !== 'bot') return 'released';
  // A fail already waits for the bot's cancel: its result decides (ended, or accepted first).
  if (row.releaseRequestedAt) throw new AppError('ADMIN_WITHDRAWAL_BOT_OFFER', `retrieval ${id}: its offer is being cancelled`);
  if (!row.offerId && !row.assetId) {
    // A send claim reserves the asset in the same write, under the retrieval row's lock, which this holds.
    await tx.delete(offers).where(eq(offers.retrievalId, id));
    return 'released';
  }
  if (outcome === 'completed') throw new AppError('ADMIN_WITHDRAWAL_BOT_OFFER', `retrieval ${id} offer ${row.offerId ?? '(may be sent)'}`);
  await tx
    .update(offers)
    .set({ releaseRequestedAt: sql`now()`, releaseReason: reason, updatedAt: sql`now()` })
    .where(eq(offers.retrievalId, id));
  return 'requested';
}

const stay = (r: FulfilmentRetrieval): FulfilmentStep => ({ state: r.state as FulfilmentStep['state'] });

/**
 * The retrieval job's step while a release is requested, as a state machine no crash can make act twice:
 * read (this transaction) → find the offer (by its id, or by its marker when a send may have landed
 * unrecorded), read it and cancel it if it can still be accepted (no transaction) → record (a new
 * transaction). A crash after the cancel leaves an offer Steam reports cancelled: the next run reads that
 * and only records. A send still on the wire is waited for (it records its offer and comes straight back).
 */
export async function releaseStep(tx: Tx, ctx: SendContext, row: OfferRow, r: FulfilmentRetrieval): Promise<FulfilmentStep | OutsideCall> {
  if (await sendInProgress(tx, r.id)) return { ...stay(r), nextInMs: ctx.pollMs };
  return {
    outside: true,
    async call() {
      const offerId = row.offerId ?? (await findByMarker(ctx, row))?.id ?? null;
      let state: number | null = null;
      if (offerId) {
        const offer = await ctx.client.getOffer(offerId);
        if (!offer) throw new Error(`trade offer ${offerId} not found on Steam`);
        state = offer.state;
        if (cancellable(state)) {
          await ctx.client.cancelOffer(offerId);
          state = OfferState.Canceled;
        }
      }
      return (again, scope) => recordRelease(scope.tx, ctx, again, offerId, state);
    },
  };
}

async function recordRelease(
  tx: Tx,
  ctx: SendContext,
  r: FulfilmentRetrieval,
  offerId: string | null,
  state: number | null,
): Promise<FulfilmentStep> {
  const row = await lockOffer(tx, r.id);
  if (!row || row.source !== 'bot' || !row.releaseRequestedAt || r.state >= 3) return stay(r);
  // An offer was recorded meanwhile (a lapsed send landing): look again, at that one.
  if (row.offerId && row.offerId !== offerId) return { ...stay(r), nextInMs: 0 };
  const reason = row.releaseReason ?? '客服已取消提取';
  if (!offerId || state === null) {
    // Nothing reached Steam: the asset is free again, the withdrawal ends.
    await updateOffer(tx, r.id, { assetReleased: true, sendingUntil: null });
    return { state: 4, remark: reason };
  }
  const outcome = offerOutcome(state, offerId);
  if (outcome.kind === 'ended') {
    await updateOffer(tx, r.id, { offerId, offerState: state, assetReleased: true, sendingUntil: null });
    return { state: 4, remark: reason };
  }
  // The player accepted first (or Steam holds the trade in escrow): the item is theirs, the fail is void.
  await updateOffer(tx, r.id, { offerId, offerState: state, releaseRequestedAt: null, releaseReason: null });
  ctx.log?.warn({ retrievalId: r.id, offerId, state }, 'steam bot: operator fail void, the offer can no longer be cancelled');
  if (outcome.kind === 'accepted') return { state: 3, remark: outcome.remark };
  return { state: 2, remark: `${outcome.remark}，无法撤回`, nextInMs: ctx.pollMs };
}
