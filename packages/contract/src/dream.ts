import { z } from 'zod';
import { idParam, intParam, noNul, pagingParams } from './params.js';

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
  minProbability: z.number().int(),
  maxProbability: z.number().int(),
  /** The return rate RTP in basis points (9500 = 95 %). */
  returnRateBp: z.number().int(),
  maxStakeItems: z.number().int(),
  /** Targets cost at least / at most this (fen): the picker's bounds. */
  minTargetPrice: z.number().int(),
  maxTargetPrice: z.number().int(),
});
export type DreamConfig = z.infer<typeof dreamConfigSchema>;

export const dreamItemCategories = ['knife', 'gloves', 'pistol', 'rifle', 'smg', 'shotgun', 'sniper', 'machinegun'] as const;
export const dreamExteriors = ['FN', 'MW', 'FT', 'WW', 'BS'] as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === '-1' || v === -1 || v === null ? undefined : v);

/** GET /api/upgrade/page: possible targets, filtered and paged. Prices in fen. */
export const dreamTargetParams = pagingParams.extend({
  giftName: z.preprocess(emptyToUndefined, z.string().trim().max(40).refine(noNul).optional()),
  exterior: z.preprocess(emptyToUndefined, z.enum(dreamExteriors).optional()),
  /** Rarity as the product's grade: 0 gold … 3 blue. */
  rarity: z.preprocess(emptyToUndefined, intParam(0, 3).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(dreamItemCategories).optional()),
  /** 'asc' | 'desc' by price; empty = the default (price ascending). */
  orderByPrice: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
  priceStart: z.preprocess(emptyToUndefined, intParam(0, 1_000_000_000).optional()),
  priceEnd: z.preprocess(emptyToUndefined, intParam(0, 1_000_000_000).optional()),
});
export const dreamTargetSchema = z.object({
  id: z.number().int(),
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  exterior: z.string().nullable(),
  type: z.string(),
  recoveryPrice: z.number().int(),
  available: z.boolean(),
});
export type DreamTarget = z.infer<typeof dreamTargetSchema>;

/** GET /api/upgrade/myVoucher: the player's backpack items that may be staked (in the backpack, not locked). */
export const dreamStakeItemParams = pagingParams.extend({
  orderByPrice: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
});
export const dreamStakeItemSchema = z.object({
  id: z.number().int(),
  giftId: z.number().int(),
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  recoveryPrice: z.number().int(),
});
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
export const dreamResultSchema = z.object({
  id: z.number().int(),
  won: z.boolean(),
  probability: z.number().int(),
  rollCode: z.number().int(),
  rollCodeLow: z.number().int(),
  rollCodeHigh: z.number().int(),
  /** The whole stake's value: the dream fee (fen). */
  dreamFee: z.number().int(),
  /** Coins and points actually spent (fen); the rest was the staked items' value. */
  coinsPaid: z.number().int(),
  itemsValue: z.number().int(),
  publicHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  verifyId: z.number().int(),
  giftId: z.number().int(),
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  /** The target's price snapshot (fen). */
  recoveryPrice: z.number().int(),
  /** The won item's backpack id; null on a loss. */
  voucherId: z.number().int().nullable(),
  balance: z.number().int(),
  integral: z.number().int(),
});
export type DreamResult = z.infer<typeof dreamResultSchema>;

/** GET /api/upgrade/upgradeRecordPage: the site's recent dreams. state 1 won, 2 lost. */
export const dreamRecordSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  nickname: z.string(),
  headPic: z.string().nullable(),
  state: z.number().int(),
  probability: z.number().int(),
  rollCode: z.number().int(),
  rollCodeLow: z.number().int(),
  rollCodeHigh: z.number().int(),
  dreamFee: z.number().int(),
  winVoucherName: z.string(),
  winVoucherImg: z.string().nullable(),
  winRecoveryPrice: z.number().int(),
  grade: z.number().int(),
  /** The roll's share id: anyone verifies it at /provably-fair/verify/{shareId}. */
  shareId: z.string(),
  createTime: z.string(),
});
export type DreamRecord = z.infer<typeof dreamRecordSchema>;

/** GET /api/personalCenter/getMyDreamLog (spec §3 labels: target item, dreamFee, roll code and its range). */
export const myDreamLogSchema = z.object({
  id: z.number().int(),
  createTime: z.string(),
  dreamFee: z.number().int(),
  coinsPaid: z.number().int(),
  itemsValue: z.number().int(),
  /** 1 won, 2 lost. */
  state: z.number().int(),
  stateDesc: z.string(),
  probability: z.number().int(),
  rollCode: z.number().int(),
  rollCodeLow: z.number().int(),
  rollCodeHigh: z.number().int(),
  publicHash: z.string(),
  verifyId: z.number().int(),
  winVoucherName: z.string(),
  winVoucherImg: z.string().nullable(),
  winRecoveryPrice: z.number().int(),
});
export type MyDreamLog = z.infer<typeof myDreamLogSchema>;
