import type { z } from 'zod';
import {
  recoveryPriceOf,
  sellBackFenOf,
  shopPriceOf,
  type ItemPriceEffect,
  type adminItemPriceEffectParams,
  type adminItemPriceParams,
} from '@skinfair/contract';
import type { Db, Executor } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { forgetCachedItems, itemsByIds, lockItemsForPricing, setItemPrices } from '../index.js';
import { loadSiteSettings } from '../../common/index.js';
import { lockShopLinesOfItems, shopLinesOfItems, updateShopStock } from '../../shop/index.js';
import { audited, type Actor } from '../../admin/index.js';
import { assertRecoveryWithinShop, notInShop } from '../price-guard.js';
import { assertLiveReturnsWithinCeiling, boxReturnMoves } from './box-return-moves.js';
import { insertPriceHistory } from './repo.js';
import { catalogDetail } from './service.js';

/**
 * One item's price edit (issue 16 screen 4) under the sell-back rule (issue 30 §2, decision 0051): the
 * recovery price follows the rule from the new reference price, and when the shop lists the item its line
 * may be re-priced in the same change; a change that would leave the line below the new recovery price is
 * refused, and so is one that raises an enabled box's live return above the return ceiling (decision 0061).
 * `priceEffect` shows the operator all of it before the edit, with the boxes whose return moves.
 */

const recoveryRateOf = async (ex: Executor) => (await loadSiteSettings(ex)).recoveryRateBp;

/** One item's reference price (its recovery price follows the rule), with a reason; audited once. */
export async function setItemPrice(db: Db, actor: Actor, params: z.output<typeof adminItemPriceParams>) {
  return runInTransaction(db, async ({ tx, afterCommit }) => {
    // The item row first, then its shop line: the order every price change takes (decision 0051).
    const [item] = await lockItemsForPricing(tx, [params.id]);
    if (!item) throw new AppError('ADMIN_ITEM_NOT_FOUND', `item ${params.id}`);
    const [line] = await lockShopLinesOfItems(tx, [item.id]);
    if (params.shopPriceFen !== undefined && !line) throw notInShop(item.id);
    const rateBp = await recoveryRateOf(tx);
    const recoveryFen = recoveryPriceOf(params.priceFen, rateBp);
    const shopPriceFen = line ? (params.shopPriceFen ?? line.priceFen) : null;
    if (line && shopPriceFen !== null) assertRecoveryWithinShop(recoveryFen, shopPriceFen, shopPriceOf(params.priceFen));
    // The boxes holding the item are locked after it (the order every price change takes), then checked.
    const moves = await boxReturnMoves(tx, new Map([[item.id, recoveryFen]]), { lock: true });
    assertLiveReturnsWithinCeiling(moves);
    const before = {
      referencePriceFen: item.referencePriceFen,
      recoveryPriceFen: item.recoveryPriceFen,
      ...(line ? { shopPriceFen: line.priceFen } : {}),
    };
    const after = {
      referencePriceFen: params.priceFen,
      recoveryPriceFen: recoveryFen,
      recoveryRateBp: rateBp,
      ...(line ? { shopPriceFen } : {}),
      reason: params.reason,
      // The live returns it moved, as the operator saw them before confirming (decision 0061).
      ...(moves.length > 0
        ? { boxReturns: moves.map(({ boxId, liveBeforeBp, liveAfterBp }) => ({ boxId, liveBeforeBp, liveAfterBp })) }
        : {}),
    };
    await setItemPrices(tx, [{ itemId: item.id, referencePriceFen: params.priceFen, recoveryPriceFen: recoveryFen }]);
    if (line && shopPriceFen !== null && shopPriceFen !== line.priceFen) await updateShopStock(tx, line.id, { priceFen: shopPriceFen });
    await insertPriceHistory(tx, [
      {
        itemId: item.id,
        oldReferenceFen: item.referencePriceFen,
        newReferenceFen: params.priceFen,
        oldRecoveryFen: item.recoveryPriceFen,
        newRecoveryFen: recoveryFen,
        source: 'manual',
        operatorId: actor.operatorId,
        reason: params.reason,
      },
    ]);
    await audited(tx, actor, 'item.price', { type: 'item', id: item.id }, before, after);
    afterCommit(forgetCachedItems);
    return catalogDetail(tx, item.id);
  });
}

/** What an edit would do, computed from the rows as they are now; writes nothing. */
export async function priceEffect(
  ex: Executor,
  params: z.output<typeof adminItemPriceEffectParams>,
  warnMoveBp: number,
): Promise<ItemPriceEffect> {
  const [item] = await itemsByIds(ex, [params.id]);
  if (!item) throw new AppError('ADMIN_ITEM_NOT_FOUND', `item ${params.id}`);
  const [line] = await shopLinesOfItems(ex, [item.id]);
  if (params.shopPriceFen !== undefined && !line) throw notInShop(item.id);
  const rateBp = await recoveryRateOf(ex);
  const recoveryFen = recoveryPriceOf(params.priceFen, rateBp);
  const shop = line
    ? {
        stockId: line.id,
        enabled: line.enabled,
        oldPriceFen: line.priceFen,
        newPriceFen: params.shopPriceFen ?? line.priceFen,
        suggestedPriceFen: shopPriceOf(params.priceFen),
      }
    : null;
  const boxes = await boxReturnMoves(ex, new Map([[item.id, recoveryFen]]), { lock: false, warnMoveBp });
  return {
    itemId: item.id,
    name: item.name,
    oldReferenceFen: item.referencePriceFen,
    newReferenceFen: params.priceFen,
    oldRecoveryFen: item.recoveryPriceFen,
    newRecoveryFen: recoveryFen,
    recoveryRateBp: rateBp,
    shop,
    sellBack: {
      oldFen: sellBackFenOf(item.recoveryPriceFen, line?.priceFen ?? null),
      newFen: sellBackFenOf(recoveryFen, shop?.newPriceFen ?? null),
    },
    breaksInvariant: shop !== null && shop.newPriceFen < recoveryFen,
    boxes,
    warnMoveBp,
  };
}
