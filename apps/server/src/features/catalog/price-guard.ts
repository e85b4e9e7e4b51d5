import { AppError } from '../../platform/errors.js';

/**
 * The console's side of the sell-back rule (decision 0051): no change may leave an item's shop line priced
 * below its recovery price, or a copy bought there would be worth more in the backpack than it cost. The
 * sale itself never pays more than the shop charges (backpack/sell-back.ts); these refusals keep the
 * catalogue from offering the loop at all, and say what to do instead. Checked on the locked rows, in the
 * change's transaction.
 */

/** ¥12.34, from fen, without a float. */
export const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** A shop line's new price (an edit, a new line, a line switched on) against the item's recovery price. */
export function assertShopCoversRecovery(shopPriceFen: number, recoveryFen: number): void {
  if (shopPriceFen >= recoveryFen) return;
  throw new AppError('SHOP_PRICE_BELOW_RECOVERY', `shop ${shopPriceFen} < recovery ${recoveryFen}`, {
    zh: `商城售价 ${yuan(shopPriceFen)} 低于该饰品的回收价 ${yuan(recoveryFen)}，玩家可低买高卖：请设为不低于 ${yuan(recoveryFen)}，或先下调饰品价格`,
    en: `The shop price of ${yuan(shopPriceFen)} is below the item's recovery price of ${yuan(recoveryFen)} (buy low, sell high): set at least ${yuan(recoveryFen)}, or lower the item's price first`,
  });
}

/** An item's new recovery price against the shop price its line will have after the same change. */
export function assertRecoveryWithinShop(recoveryFen: number, shopPriceFen: number, suggestedFen: number): void {
  if (recoveryFen <= shopPriceFen) return;
  throw new AppError('PRICE_RECOVERY_ABOVE_SHOP', `recovery ${recoveryFen} > shop ${shopPriceFen}`, {
    zh: `新的回收价 ${yuan(recoveryFen)} 将高于商城售价 ${yuan(shopPriceFen)}，玩家可低买高卖：请在本次修改中把商城售价调到不低于 ${yuan(recoveryFen)}（建议 ${yuan(suggestedFen)}）`,
    en: `The new recovery price of ${yuan(recoveryFen)} would be above the shop price of ${yuan(shopPriceFen)} (buy low, sell high): raise the shop price to at least ${yuan(recoveryFen)} in this change (suggested ${yuan(suggestedFen)})`,
  });
}

/** A shop price given for an item the shop does not list. */
export const notInShop = (itemId: number) =>
  new AppError('PARAM_INVALID', `item ${itemId} not in the shop`, {
    zh: '该饰品不在商城中，不能同时设置商城售价',
    en: 'The shop does not list this item; a shop price cannot be set with it',
  });
