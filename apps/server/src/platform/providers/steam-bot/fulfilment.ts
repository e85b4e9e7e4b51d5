import type { FulfilmentProvider, FulfilmentStep, OutsideCall } from '../fulfilment.js';
import { parseTradeLink } from '../steam-trade-link.js';
import { retrievalTradeOffers as offers } from '../trade-offer-tables.js';
import type { SteamBotStock } from '../withdrawal-config.js';
import type { SteamTradeClient } from './client.js';
import { cancellable, offerOutcome, OfferState } from './offer-states.js';
import { lockOffer, updateOffer, type OfferRow } from './offer-rows.js';
import { releaseStep, requestRelease } from './release.js';
import { findByMarker, SEND_CLAIM_MS, sendIntent, type SendContext } from './send.js';

export { offerMarker } from './offer-rows.js';

export interface SteamBotOptions {
  pollMs: number;
  offerTtlMs: number;
  stock: SteamBotStock;
  /** How long a send claim holds (send.ts); tests shorten it. */
  sendClaimMs?: number;
  log?: { warn: (o: object, m?: string) => void };
}

const SLOW_POLL_AFTER_MS = 10 * 60_000;
const SLOW_POLL_MS = 5 * 60_000;

/**
 * The Steam trade bot (WITHDRAWAL_MODE=steam-bot, issue 17). One withdrawal, one offer, never two, and no
 * call to Steam inside a transaction (issue 26 §7: each Steam call is an OutsideCall, recorded after):
 *  - state 0: the trade link is checked and a "sending" row is committed with the move to 1, before Steam is
 *    called at all;
 *  - state 1: send.ts — reserve an asset and take a send claim (commit), look for an offer already carrying
 *    this withdrawal's marker and adopt it, else send one and confirm it (no transaction), record it (a new
 *    transaction) and move to 2;
 *  - state 2: read the offer at Steam (no transaction), then record: accepted → 3; declined, expired,
 *    cancelled, invalid → 4 and the item goes back to the backpack (the retrieval row is locked and moves
 *    only from the state it is in); still open → look again after pollMs, cancelling it when the player has
 *    let it sit past offerTtlMs.
 *  - an operator's fail while an offer is or may be out is a recorded request (release.ts): the next step
 *    cancels the offer at Steam, then ends the withdrawal; an operator's complete is refused meanwhile.
 * The bot's items are reserved per offer (a unique index), so one asset never goes into two open offers.
 */
export function createSteamBotFulfilmentProvider(client: SteamTradeClient, options: SteamBotOptions): FulfilmentProvider {
  const { pollMs } = options;
  const ctx: SendContext = {
    client,
    stock: options.stock,
    pollMs,
    sendClaimMs: options.sendClaimMs ?? SEND_CLAIM_MS,
    ...(options.log ? { log: options.log } : {}),
  };

  /** Reads the offer at Steam and answers what it asks for (a confirmation, a cancel past its time). */
  function follow(offerId: string): OutsideCall {
    return {
      outside: true,
      async call() {
        const offer = await client.getOffer(offerId);
        if (!offer) throw new Error(`trade offer ${offerId} not found on Steam`);
        const outcome = offerOutcome(offer.state, offerId);
        let cancelled = false;
        if (outcome.kind === 'open') {
          if (offer.state === OfferState.CreatedNeedsConfirmation) await client.confirm(offerId);
          if (cancellable(offer.state) && Date.now() - offer.createdAt.getTime() > options.offerTtlMs) {
            await client.cancelOffer(offerId);
            cancelled = true;
          }
        }
        return async (r, { tx }) => {
          const row = await lockOffer(tx, r.id);
          // Handed to an operator or ended meanwhile: theirs now.
          if (!row || row.source !== 'bot' || row.offerId !== offerId) return { state: r.state as FulfilmentStep['state'] };
          await updateOffer(tx, r.id, { offerState: offer.state, ...(outcome.kind === 'ended' ? { assetReleased: true } : {}) });
          if (outcome.kind === 'accepted') return { state: 3, remark: outcome.remark };
          if (outcome.kind === 'ended') return { state: 4, remark: `${outcome.remark}，饰品已退回背包` };
          if (cancelled) return { state: 2, remark: `Steam 交易报价 ${offerId} 超时未接受，正在撤回`, nextInMs: 0 };
          // Players accept within minutes or not for hours: after the first 10 minutes look every 5 (one job a look).
          const slow = Date.now() - offer.createdAt.getTime() > SLOW_POLL_AFTER_MS;
          return { state: 2, remark: outcome.remark, nextInMs: slow ? Math.max(pollMs, SLOW_POLL_MS) : pollMs };
        };
      },
    };
  }

  /** At 2 without an offer (an operator stepped it on): adopt one if it was sent, else it is the operator's. */
  function adopt(row: OfferRow): OutsideCall {
    return {
      outside: true,
      async call() {
        const found = await findByMarker(ctx, row);
        return async (r, { tx }) => {
          const fresh = await lockOffer(tx, r.id);
          if (!found || !fresh || fresh.source !== 'bot' || fresh.offerId) return { state: r.state as FulfilmentStep['state'] };
          await updateOffer(tx, r.id, { offerId: found.id, assetId: found.assetIds[0] ?? fresh.assetId, offerState: found.state });
          return { state: r.state as FulfilmentStep['state'], nextInMs: 0 };
        };
      },
    };
  }

  return {
    name: 'steam-bot-fulfilment',

    async advance(retrieval, { tx }) {
      if (retrieval.state === 0) {
        if (!parseTradeLink(retrieval.tradeUrl)) return { state: 4, remark: '交易链接无效，饰品已退回背包' };
        // "sending" commits with the move to 1, before any call to Steam.
        await tx.insert(offers).values({ retrievalId: retrieval.id, source: 'bot' }).onConflictDoNothing();
        return { state: 1, remark: '正在发送 Steam 交易报价', nextInMs: 0 };
      }
      let row = await lockOffer(tx, retrieval.id);
      if (!row) {
        // Moved on by an operator's "approve" before the bot started: the bot takes it from here.
        await tx.insert(offers).values({ retrievalId: retrieval.id, source: 'bot' }).onConflictDoNothing();
        row = (await lockOffer(tx, retrieval.id))!;
      }
      // An operator delivered it by hand: their reference, their call.
      if (row.source !== 'bot') return { state: retrieval.state as FulfilmentStep['state'] };
      // An operator failed it while an offer may be out: cancel, then end it (release.ts).
      if (row.releaseRequestedAt) return releaseStep(tx, ctx, row, retrieval);
      if (row.offerId) return follow(row.offerId);
      if (retrieval.state === 1) {
        const link = parseTradeLink(retrieval.tradeUrl);
        if (!link) return { state: 4, remark: '交易链接无效，饰品已退回背包' };
        return sendIntent(tx, ctx, row, link, retrieval.marketHashName);
      }
      return adopt(row);
    },

    release: (retrieval, scope, outcome, reason) => requestRelease(scope.tx, retrieval.id, outcome, reason),
  };
}
