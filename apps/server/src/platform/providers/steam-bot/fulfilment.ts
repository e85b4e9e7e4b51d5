import { and, eq, isNotNull, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { FulfilmentProvider, FulfilmentStep } from '../fulfilment.js';
import { parseTradeLink } from '../steam-trade-link.js';
import { retrievalTradeOffers as offers } from '../trade-offer-tables.js';
import type { SteamBotStock } from '../withdrawal-config.js';
import { SteamSendError, type SteamOffer, type SteamTradeClient } from './client.js';
import { cancellable, offerOutcome, OfferState } from './offer-states.js';

export interface SteamBotOptions {
  pollMs: number;
  offerTtlMs: number;
  stock: SteamBotStock;
  log?: { warn: (o: object, m?: string) => void };
}

type OfferRow = typeof offers.$inferSelect;

/** In every offer's message: how a restart finds an offer it sent but did not get to record. */
export const offerMarker = (retrievalId: number) => `[skinfair:${retrievalId}]`;
/** Reconciliation looks at offers updated since the "sending" mark, less this much clock skew. */
const RECONCILE_SLACK_MS = 10 * 60_000;
const SLOW_POLL_AFTER_MS = 10 * 60_000;
const SLOW_POLL_MS = 5 * 60_000;

const lockOffer = async (tx: Tx, retrievalId: number): Promise<OfferRow | null> =>
  (await tx.select().from(offers).where(eq(offers.retrievalId, retrievalId)).for('update'))[0] ?? null;

const updateOffer = (tx: Tx, retrievalId: number, set: Partial<typeof offers.$inferInsert>) =>
  tx
    .update(offers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(offers.retrievalId, retrievalId));

/**
 * The Steam trade bot (WITHDRAWAL_MODE=steam-bot, issue 17). One withdrawal, one offer, never two:
 *  - state 0: the trade link is checked and a "sending" row is committed with the move to 1, before Steam is
 *    called at all;
 *  - state 1: first look for an offer already carrying this withdrawal's marker (sent by a run that crashed
 *    before it could record it) and adopt it; only if there is none, take an item from the bot's stock, send
 *    the offer, record its id and confirm it with the identity secret. A failure after the send rolls the step
 *    back; the next run finds the offer by its marker instead of sending again;
 *  - state 2: follow the offer: accepted → 3; declined, expired, cancelled, invalid → 4 and the item goes
 *    back to the backpack (the step applies once: the retrieval row is locked and moves only from 2);
 *    still open → look again after pollMs, cancelling it when the player has let it sit past offerTtlMs.
 * The bot's items are reserved per offer (a unique index), so one asset never goes into two open offers.
 */
export function createSteamBotFulfilmentProvider(client: SteamTradeClient, options: SteamBotOptions): FulfilmentProvider {
  const { pollMs } = options;

  async function pickAsset(tx: Tx, marketHashName: string): Promise<string | null> {
    const reserved = new Set(
      (
        await tx
          .select({ assetId: offers.assetId })
          .from(offers)
          .where(and(isNotNull(offers.assetId), not(offers.assetReleased)))
      ).map((r) => r.assetId),
    );
    const candidates =
      options.stock.kind === 'assets'
        ? (options.stock.byName[marketHashName] ?? [])
        : (await client.inventory()).filter((i) => i.marketHashName === marketHashName).map((i) => i.assetId);
    return candidates.find((a) => !reserved.has(a)) ?? null;
  }

  async function reconcile(tx: Tx, row: OfferRow): Promise<SteamOffer | null> {
    const found = await client.findSentOffer(offerMarker(row.retrievalId), new Date(row.createdAt.getTime() - RECONCILE_SLACK_MS));
    if (found)
      await updateOffer(tx, row.retrievalId, {
        offerId: found.id,
        assetId: found.assetIds[0] ?? row.assetId,
        offerState: found.state,
      });
    return found;
  }

  async function send(tx: Tx, row: OfferRow, tradeUrl: string, marketHashName: string | null): Promise<FulfilmentStep> {
    const link = parseTradeLink(tradeUrl);
    if (!link) return { state: 4, remark: '交易链接无效，饰品已退回背包' };
    const adopted = await reconcile(tx, row);
    let offerId: string;
    let needsConfirmation: boolean;
    if (adopted) {
      offerId = adopted.id;
      needsConfirmation = adopted.state === OfferState.CreatedNeedsConfirmation;
    } else {
      const assetId = marketHashName ? await pickAsset(tx, marketHashName) : null;
      // Out of stock: the withdrawal waits (visible on the console's queue) and is looked at again.
      if (!assetId) return { state: 1, remark: '发货库存不足，等待补货', nextInMs: pollMs };
      await updateOffer(tx, row.retrievalId, { assetId });
      try {
        ({ id: offerId, needsConfirmation } = await client.sendOffer({
          partnerAccountId: link.partnerAccountId,
          token: link.token,
          assetId,
          message: `Skinfair 提取 ${offerMarker(row.retrievalId)}`,
        }));
      } catch (err) {
        if (!(err instanceof SteamSendError) || !err.permanent) throw err; // the next run reconciles first
        // Steam refused for good: no offer exists. An item the bot no longer has stays reserved (never picked again).
        await updateOffer(tx, row.retrievalId, { assetReleased: err.reason !== 'item' });
        return {
          state: 4,
          remark:
            err.reason === 'partner'
              ? '无法向您的 Steam 账户发送报价（交易链接失效、库存未公开或账户交易受限），饰品已退回背包'
              : '发货饰品暂不可交易，饰品已退回背包，请稍后重试',
        };
      }
      await updateOffer(tx, row.retrievalId, {
        offerId,
        offerState: needsConfirmation ? OfferState.CreatedNeedsConfirmation : OfferState.Active,
      });
    }
    if (needsConfirmation) await client.confirm(offerId);
    return { state: 2, remark: offerOutcome(OfferState.Active, offerId).remark, nextInMs: pollMs };
  }

  async function follow(tx: Tx, row: OfferRow, offerId: string): Promise<FulfilmentStep> {
    const offer = await client.getOffer(offerId);
    if (!offer) throw new Error(`trade offer ${offerId} not found on Steam`);
    const outcome = offerOutcome(offer.state, offerId);
    await updateOffer(tx, row.retrievalId, {
      offerState: offer.state,
      ...(outcome.kind === 'ended' ? { assetReleased: true } : {}),
    });
    if (outcome.kind === 'accepted') return { state: 3, remark: outcome.remark };
    if (outcome.kind === 'ended') return { state: 4, remark: `${outcome.remark}，饰品已退回背包` };
    if (offer.state === OfferState.CreatedNeedsConfirmation) await client.confirm(offerId);
    if (cancellable(offer.state) && Date.now() - offer.createdAt.getTime() > options.offerTtlMs) {
      await client.cancelOffer(offerId);
      return { state: 2, remark: `Steam 交易报价 ${offerId} 超时未接受，正在撤回`, nextInMs: 0 };
    }
    // Players accept within minutes or not for hours: after the first 10 minutes look every 5 (one job a look).
    const slow = Date.now() - offer.createdAt.getTime() > SLOW_POLL_AFTER_MS;
    return { state: 2, remark: outcome.remark, nextInMs: slow ? Math.max(pollMs, SLOW_POLL_MS) : pollMs };
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
      if (row.offerId) return follow(tx, row, row.offerId);
      if (retrieval.state === 1) return send(tx, row, retrieval.tradeUrl, retrieval.marketHashName);
      // At 2 without an offer (an operator stepped it on): adopt one if it was sent, else it is the operator's.
      const adopted = await reconcile(tx, row);
      return adopted ? follow(tx, row, adopted.id) : { state: 2 };
    },

    async release(retrieval, scope, outcome) {
      try {
        await release(retrieval.id, scope.tx, outcome);
      } catch (err) {
        if (err instanceof AppError) throw err;
        // Steam down or slow: the operator's action changes nothing and can be tried again.
        throw new AppError('ADMIN_WITHDRAWAL_STEAM_UNAVAILABLE', err instanceof Error ? err.message : String(err));
      }
    },
  };

  async function release(id: number, tx: Tx, outcome: 'failed' | 'completed'): Promise<void> {
    const row = await lockOffer(tx, id);
    if (!row || row.source !== 'bot') return;
    const offerId = row.offerId ?? (await reconcile(tx, row))?.id ?? null;
    if (!offerId) {
      // Nothing reached Steam (the retrieval row is locked: the bot cannot send meanwhile); hand it over.
      await tx.delete(offers).where(eq(offers.retrievalId, id));
      return;
    }
    const offer = await client.getOffer(offerId);
    if (!offer) throw new Error(`trade offer ${offerId} not found on Steam`);
    const kind = offerOutcome(offer.state, offerId).kind;
    if (outcome === 'completed' || kind === 'accepted' || offer.state === OfferState.InEscrow)
      throw new AppError('ADMIN_WITHDRAWAL_BOT_OFFER', `retrieval ${id} offer ${offerId} state ${offer.state}`);
    let state = offer.state;
    if (cancellable(offer.state)) {
      await client.cancelOffer(offerId);
      state = OfferState.Canceled;
    }
    await updateOffer(tx, id, { offerId, offerState: state, assetReleased: true });
  }
}
