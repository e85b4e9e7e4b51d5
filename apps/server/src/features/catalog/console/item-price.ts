import type { z } from 'zod';
import {
  recoveryPriceOf,
  returnRateBpOf,
  sellBackFenOf,
  shopPriceOf,
  type ItemPriceEffect,
  type adminItemPriceEffectParams,
  type adminItemPriceParams,
} from '@skinfair/contract';
import type { Db, Executor } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { boxReturnsHoldingItem, forgetCachedItems, itemsByIds, lockItemsForPricing, setItemPrices } from '../index.js';
import { loadSiteSettings } from '../../common/index.js';
import { lockShopLinesOfItems, shopLinesOfItems, updateShopStock } from '../../shop/index.js';
import { audited, readLimits, type Actor } from '../../admin/index.js';
import { assertRecoveryWithinShop, notInShop } from '../price-guard.js';
import { insertPriceHistory } from './repo.js';
import { catalogDetail } from './service.js';

/**
 * One item's price edit (issue 16 screen 4) under the sell-back rule (issue 30 §2, decision 0051): the
 * recovery price follows the rule from the new reference price, and when the shop lists the item its line
 * may be re-priced in the same change; a change that would leave the line below the new recovery price is
 * refused. `priceEffect` shows the operator all of it before the edit, with the boxes whose return moves.
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

/** Σ weight × value over the version's 100,000 weight units, in basis points of the box price. */
const returnBp = (weightedFen: bigint, priceFen: number) =>
  priceFen > 0 ? Number((weightedFen * 10_000n) / (100_000n * BigInt(priceFen))) : 0;

/** What an edit would do, computed from the rows as they are now; writes nothing. */
export async function priceEffect(ex: Executor, params: z.output<typeof adminItemPriceEffectParams>): Promise<ItemPriceEffect> {
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
  const ceilingBp = (await readLimits(ex)).boxReturnCeilingBp;
  const change = BigInt(recoveryFen - item.recoveryPriceFen);
  const boxes = (await boxReturnsHoldingItem(ex, item.id)).map((b) => {
    const liveAfterBp = returnBp(b.weightedFen + BigInt(b.itemWeight) * change, b.priceFen);
    return {
      boxId: b.boxId,
      name: b.name,
      priceFen: b.priceFen,
      declaredBp: returnRateBpOf(b.expectedReturnFen, b.priceFen),
      liveBeforeBp: returnBp(b.weightedFen, b.priceFen),
      liveAfterBp,
      ceilingBp,
      aboveCeiling: liveAfterBp > ceilingBp,
    };
  });
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
  };
}
