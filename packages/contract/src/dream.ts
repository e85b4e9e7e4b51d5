import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { idParam, intParam, noNul, pagingParams } from './params.js';
import { gradeFilter, optionalFilter, priceFenFilter } from './shared-params.js';
import { giftShape, playerShape, rollSeedShape, walletShape } from './shapes.js';

/**
 * Dream chasing 追梦 (spec §1, §3, §5, §7; api-shapes §4.6; PF v1 §6). The player picks one target item
 * and a win probability P (units of 1/100000, between the configured bounds); the stake is the dream fee
 * `ceil(T·P·10000 / (100000·RTP_bp))` (T the target's price in fen), paid with backpack items (their
 * recovery value) and coins for the rest (coins first, then points). Win iff rollCode ≤ P. The server
 * decides every figure; the client only previews them with the same formula (@skinfair/fairness dreamFee).
 */

/** P is in units of 1/100000 (PF v1 §6): 100_000 = certainty. */
export const DREAM_PROBABILITY_SCALE = 100_000;
/** At most this many backpack items staked in one dream. */
export const DREAM_MAX_STAKE_ITEMS = 10;

/** GET /api/upgrade/getUpgradeConfig. */
export const dreamConfigSchema = z.object({
  /** Lowest and highest P a dream may have, in 1/100000 (spec §5: supplied as parameters). */
  minProbability: int,
  maxProbability: int,
  /** The return rate RTP in basis points (9500 = 95 %). */
  returnRateBp: int,
  maxStakeItems: int,
  /** Targets cost at least / at most this (fen): the picker's bounds. */
  minTargetPrice: int,
  maxTargetPrice: int,
});
export type DreamConfig = z.infer<typeof dreamConfigSchema>;

export const dreamItemCategories = ['knife', 'gloves', 'pistol', 'rifle', 'smg', 'shotgun', 'sniper', 'machinegun'] as const;
export const dreamExteriors = ['FN', 'MW', 'FT', 'WW', 'BS'] as const;

/** GET /api/upgrade/page: possible targets, filtered and paged. Prices in fen. */
export const dreamTargetParams = pagingParams.extend({
  giftName: optionalFilter(z.string().trim().max(40).refine(noNul)),
  exterior: optionalFilter(z.enum(dreamExteriors)),
  /** Rarity as the product's grade: 0 gold … 3 blue. */
  rarity: gradeFilter,
  type: optionalFilter(z.enum(dreamItemCategories)),
  /** 'asc' | 'desc' by price; empty = the default (price ascending). */
  orderByPrice: optionalFilter(z.enum(['asc', 'desc'])),
  priceStart: priceFenFilter,
  priceEnd: priceFenFilter,
});
export const dreamTargetSchema = z.object({
  id: int,
  giftName: text,
  giftImage: nullableText,
  grade: int,
  exterior: nullableText,
  type: text,
  recoveryPrice: int,
  available: bool,
});
export type DreamTarget = z.infer<typeof dreamTargetSchema>;

/** GET /api/upgrade/myVoucher: the player's backpack items that may be staked (in the backpack, not locked). */
export const dreamStakeItemParams = pagingParams.extend({
  orderByPrice: optionalFilter(z.enum(['asc', 'desc'])),
});
export const dreamStakeItemSchema = z.object({ id: int, ...giftShape });
export type DreamStakeItem = z.infer<typeof dreamStakeItemSchema>;

const voucherList = z.preprocess(
  (v) =>
    v === undefined || v === ''
      ? []
      : typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map(Number)
        : Array.isArray(v)
          ? v.map(Number)
          : v,
  z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(DREAM_MAX_STAKE_ITEMS),
);

/**
 * POST /api/upgrade/startUpgrade. `quantity` is the coin amount (fen) the player confirmed: if the fee
 * less the staked items' value would now cost more (a price moved), the dream is refused, never charged
 * more than confirmed.
 */
export const startDreamParams = z.object({
  upgradeGiftId: idParam,
  probability: intParam(1, DREAM_PROBABILITY_SCALE),
  vouchers: voucherList,
  quantity: intParam(0, 1_000_000_000),
});
/** P (1/100000) and the roll with its winning range 1 … P (PF v1 §6). */
const dreamRollShape = { probability: int, rollCode: int, rollCodeLow: int, rollCodeHigh: int };
const dreamStakeShape = {
  /** The whole stake's value: the dream fee (fen). */
  dreamFee: int,
  /** Coins and points actually spent (fen); the rest was the staked items' value. */
  coinsPaid: int,
  itemsValue: int,
};
/** The target item of a dream (won or not), its price a snapshot (fen). */
const winVoucherShape = { winVoucherName: text, winVoucherImg: nullableText, winRecoveryPrice: int };

export const dreamResultSchema = z.object({
  id: int,
  won: bool,
  ...dreamRollShape,
  ...dreamStakeShape,
  ...rollSeedShape,
  verifyId: int,
  /** The target; its recoveryPrice is the price snapshot (fen). */
  ...giftShape,
  /** The won item's backpack id; null on a loss. */
  voucherId: nullableInt,
  ...walletShape,
});
export type DreamResult = z.infer<typeof dreamResultSchema>;

/** GET /api/upgrade/upgradeRecordPage: the site's recent dreams. state 1 won, 2 lost. */
export const dreamRecordSchema = z.object({
  id: int,
  customerId: int,
  ...playerShape,
  state: int,
  ...dreamRollShape,
  dreamFee: int,
  ...winVoucherShape,
  grade: int,
  /** The roll's share id: anyone verifies it at /provably-fair/verify/{shareId}. */
  shareId: text,
  createTime: text,
});
export type DreamRecord = z.infer<typeof dreamRecordSchema>;

/** GET /api/personalCenter/getMyDreamLog (spec §3 labels: target item, dreamFee, roll code and its range). */
export const myDreamLogSchema = z.object({
  id: int,
  createTime: text,
  ...dreamStakeShape,
  /** 1 won, 2 lost. */
  state: int,
  stateDesc: text,
  ...dreamRollShape,
  publicHash: text,
  verifyId: int,
  ...winVoucherShape,
});
export type MyDreamLog = z.infer<typeof myDreamLogSchema>;
