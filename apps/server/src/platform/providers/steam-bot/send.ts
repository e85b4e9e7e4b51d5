import { and, isNotNull, not } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { FulfilmentRetrieval, FulfilmentStep, OutsideCall, RecordResult } from '../fulfilment.js';
import type { TradeLink as SteamTradeLink } from '../steam-trade-link.js';
import { retrievalTradeOffers as offers } from '../trade-offer-tables.js';
import type { SteamBotStock } from '../withdrawal-config.js';
import { SteamSendError, type SteamTradeClient } from './client.js';
import { OfferState, offerOutcome } from './offer-states.js';
import { claimSend, lockOffer, offerMarker, updateOffer, type OfferRow } from './offer-rows.js';

/**
 * Longer than any one send can take (the libraries' calls time out within a minute), so a claim never
 * lapses while its send is still on the wire; after it, the next run asks Steam for the marker first.
 */
export const SEND_CLAIM_MS = 5 * 60_000;
/** Reconciliation looks at offers updated since the "sending" mark, less this much clock skew. */
const RECONCILE_SLACK_MS = 10 * 60_000;

export interface SendContext {
  client: SteamTradeClient;
  stock: SteamBotStock;
  pollMs: number;
  sendClaimMs: number;
  log?: { warn: (o: object, m?: string) => void };
}

type SendResult =
  | { kind: 'sent'; offerId: string; assetId: string; confirmed: boolean; needsConfirmation: boolean }
  | { kind: 'refused'; reason: SteamSendError['reason'] };

const call = (run: () => Promise<RecordResult>): OutsideCall => ({ outside: true, call: run });

/** Nothing to record: the withdrawal stays where it is, and no next step is scheduled by this one. */
const unchanged = (r: FulfilmentRetrieval): FulfilmentStep => ({ state: r.state as FulfilmentStep['state'] });

/** Finds a sent offer carrying the withdrawal's marker (a run that died after sending, before recording). */
export const findByMarker = (ctx: SendContext, row: OfferRow) =>
  ctx.client.findSentOffer(offerMarker(row.retrievalId), new Date(row.createdAt.getTime() - RECONCILE_SLACK_MS));

/**
 * Sending, as a state machine that no crash can make send twice (issue 26 §7):
 *  1. intent (this transaction, retrieval at 1): reserve an asset and take the send claim; commit;
 *  2. call (no transaction): ask Steam for an offer with the withdrawal's marker, and only if there is
 *     none send one carrying it; confirm it;
 *  3. result (a new transaction): record the offer and release the claim, moving the withdrawal to 2.
 * A crash after 1 leaves the claim, which lapses; a crash after the send leaves an offer Steam knows by
 * its marker, which step 2 of the next run adopts. A claim still running refuses a second sender.
 */
export async function sendIntent(
  tx: Tx,
  ctx: SendContext,
  row: OfferRow,
  link: SteamTradeLink,
  marketHashName: string | null,
  inventory?: Array<{ assetId: string; marketHashName: string }>,
): Promise<FulfilmentStep | OutsideCall> {
  let assetId = row.assetId;
  if (!assetId) {
    if (!marketHashName) return { state: 1, remark: '发货库存不足，等待补货', nextInMs: ctx.pollMs };
    // The bot's inventory is read outside, then the pick is made afresh in a transaction.
    if (ctx.stock.kind !== 'assets' && !inventory)
      return call(async () => {
        const items = await ctx.client.inventory();
        return async (r, { tx: next }) => {
          const fresh = await lockOffer(next, r.id);
          if (r.state !== 1 || !fresh || fresh.source !== 'bot' || fresh.offerId) return unchanged(r);
          return sendIntent(next, ctx, fresh, link, marketHashName, items);
        };
      });
    const candidates =
      ctx.stock.kind === 'assets'
        ? (ctx.stock.byName[marketHashName] ?? [])
        : inventory!.filter((i) => i.marketHashName === marketHashName).map((i) => i.assetId);
    assetId = await pickAsset(tx, candidates);
    // Out of stock: the withdrawal waits (visible on the console's queue) and is looked at again.
    if (!assetId) return { state: 1, remark: '发货库存不足，等待补货', nextInMs: ctx.pollMs };
  }
  if (!(await claimSend(tx, row.retrievalId, assetId, ctx.sendClaimMs)))
    throw new Error(`retrieval ${row.retrievalId}: another run is sending its offer`);
  const asset = assetId;
  return call(async () => recordSend(ctx, await sendOnce(ctx, row, link, asset)));
}

async function pickAsset(tx: Tx, candidates: string[]): Promise<string | null> {
  const reserved = new Set(
    (
      await tx
        .select({ assetId: offers.assetId })
        .from(offers)
        .where(and(isNotNull(offers.assetId), not(offers.assetReleased)))
    ).map((r) => r.assetId),
  );
  return candidates.find((a) => !reserved.has(a)) ?? null;
}

/** Step 2, no transaction open: adopt the marked offer if one exists, else send it; then confirm it. */
async function sendOnce(ctx: SendContext, row: OfferRow, link: SteamTradeLink, assetId: string): Promise<SendResult> {
  const adopted = await findByMarker(ctx, row);
  let sent: { offerId: string; assetId: string; needsConfirmation: boolean };
  if (adopted) {
    sent = {
      offerId: adopted.id,
      assetId: adopted.assetIds[0] ?? assetId,
      needsConfirmation: adopted.state === OfferState.CreatedNeedsConfirmation,
    };
  } else {
    try {
      const made = await ctx.client.sendOffer({
        partnerAccountId: link.partnerAccountId,
        token: link.token,
        assetId,
        message: `Skinfair 提取 ${offerMarker(row.retrievalId)}`,
      });
      sent = { offerId: made.id, assetId, needsConfirmation: made.needsConfirmation };
    } catch (err) {
      // Anything but a refusal for good may have made an offer: the claim stays, the next run asks first.
      if (!(err instanceof SteamSendError) || !err.permanent) throw err;
      return { kind: 'refused', reason: err.reason };
    }
  }
  let confirmed = !sent.needsConfirmation;
  if (sent.needsConfirmation)
    try {
      await ctx.client.confirm(sent.offerId);
      confirmed = true;
    } catch (err) {
      // Recorded unconfirmed: following the offer confirms it on the next look.
      ctx.log?.warn({ offerId: sent.offerId, err: String(err) }, 'steam bot: confirmation failed; retried when the offer is followed');
    }
  return { kind: 'sent', ...sent, confirmed };
}

/** Step 3, in a new transaction: the offer is the withdrawal's, unless it was given up meanwhile. */
function recordSend(ctx: SendContext, result: SendResult): RecordResult {
  return async (r, { tx }) => {
    const row = await lockOffer(tx, r.id);
    const bot = row !== null && row.source === 'bot';
    if (result.kind === 'refused') {
      // Steam refused for good: no offer exists. An item the bot no longer has stays reserved (never picked again).
      if (bot) await updateOffer(tx, r.id, { assetReleased: result.reason !== 'item', sendingUntil: null });
      if (!bot || r.state !== 1) return unchanged(r);
      return {
        state: 4,
        remark:
          result.reason === 'partner'
            ? '无法向您的 Steam 账户发送报价（交易链接失效、库存未公开或账户交易受限），饰品已退回背包'
            : '发货饰品暂不可交易，饰品已退回背包，请稍后重试',
      };
    }
    const { offerId } = result;
    const ours = bot && (row.offerId === null || row.offerId === offerId) && (r.state === 1 || r.state === 2);
    if (!ours) {
      // Ended or delivered by hand while this send was on the wire (its claim had lapsed): withdraw the offer.
      ctx.log?.warn({ retrievalId: r.id, offerId }, 'steam bot: offer sent for a withdrawal no longer sending; cancelling it');
      return call(async () => {
        await ctx.client.cancelOffer(offerId);
        return async (again) => unchanged(again);
      });
    }
    await updateOffer(tx, r.id, {
      offerId,
      assetId: result.assetId,
      offerState: result.confirmed ? OfferState.Active : OfferState.CreatedNeedsConfirmation,
      sendingUntil: null,
    });
    // An operator failed it while this send was on the wire: the next step cancels it at once.
    return { state: 2, remark: offerOutcome(OfferState.Active, offerId).remark, nextInMs: row.releaseRequestedAt ? 0 : ctx.pollMs };
  };
}
