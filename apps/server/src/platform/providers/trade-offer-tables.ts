import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Steam trade offer of a withdrawal (issue 17), one row per retrieval: written by the trade bot
 * ("sending" before it calls Steam, so a restart reconciles instead of sending twice) or by an operator who
 * delivered by hand (the trade reference). The offer id is unique: one offer completes one withdrawal.
 */
export const retrievalTradeOffers = pgTable(
  'retrieval_trade_offers',
  {
    retrievalId: bigint('retrieval_id', { mode: 'number' }).primaryKey(),
    /** bot | manual */
    source: text('source').notNull(),
    /** Null while the bot is sending (not yet known). */
    offerId: text('offer_id'),
    /** The bot's item in the offer; reserved until the offer ends without being accepted. */
    assetId: text('asset_id'),
    /** Last ETradeOfferState seen (steam-tradeoffer-manager's numbering); null: not sent yet. */
    offerState: smallint('offer_state'),
    /** The asset went back to the bot's stock (the offer ended unaccepted). */
    assetReleased: boolean('asset_released').notNull().default(false),
    /**
     * The bot is sending (issue 26 §7): set, with the reserved asset, in a transaction that commits before
     * Steam is called; cleared when the result is recorded. While it is in the future nobody else sends or
     * gives the withdrawal up; after it, whoever comes next asks Steam for the marker before sending again.
     */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    /**
     * An operator failed the withdrawal while something of the bot's may be out at Steam (issue 26 §7): the
     * intent, committed with the operator's decision. The retrieval job cancels the offer with no transaction
     * open, then ends the withdrawal with `releaseReason` (or finds the player accepted it first).
     */
    releaseRequestedAt: timestamp('release_requested_at', { withTimezone: true }),
    releaseReason: text('release_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('retrieval_trade_offers_offer').on(t.offerId),
    // Of two withdrawals picking the same bot item at once, one insert fails: an item goes out once.
    uniqueIndex('retrieval_trade_offers_asset')
      .on(t.assetId)
      .where(sql`${t.assetId} IS NOT NULL AND NOT ${t.assetReleased}`),
  ],
);
