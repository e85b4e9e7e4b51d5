import { z } from 'zod';
import { filterParam, idParam, intParam, pagingParams } from './params.js';
import { gameBalanceSchema } from './fairness.js';

/** Most boxes one request may open (docs/decisions/0010). */
export const MAX_OPEN_PER_REQUEST = 10;

/** A box in lists (BoxPageVo). Money is integer fen. */
export const boxSummarySchema = z.object({
  id: z.number().int(),
  boxName: z.string(),
  boxImage: z.string().nullable(),
  weaponImage: z.string().nullable(),
  openPrice: z.number().int(),
  /** 0 free, 1 normal. */
  boxType: z.number().int(),
  boxThemeId: z.number().int(),
  /** Σ probability × recovery price, published with the box. */
  expectedReturn: z.number().int(),
  enabled: z.boolean(),
});
export type BoxSummary = z.infer<typeof boxSummarySchema>;

export const boxThemeSchema = z.object({
  id: z.number().int(),
  themeName: z.string(),
  boxType: z.number().int(),
  weight: z.number().int(),
  boxList: z.array(boxSummarySchema),
});
export type BoxTheme = z.infer<typeof boxThemeSchema>;
export const boxThemeListParams = z.object({ boxType: filterParam.default(-1), moduleId: filterParam.default(-1) });

/** common/getBoxBattleThemeList (spec §7: moduleId 5, themeId -1): the themes whose boxes a battle may use. */
export const battleThemeListParams = z.object({ moduleId: filterParam.default(-1), themeId: filterParam.default(-1) });

export const caseIdParams = z.object({ caseId: idParam });

/** One drop of a box (BoxGiftVo) with its integer weight and inclusive roll range. */
export const boxGiftSchema = z.object({
  giftId: z.number().int(),
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  recoveryPrice: z.number().int(),
  /** Weight in units of 1/100000; weights of a box sum to 100000. */
  weight: z.number().int(),
  realProbability: z.number(),
  rollCodeLow: z.number().int(),
  rollCodeHigh: z.number().int(),
});
export type BoxGift = z.infer<typeof boxGiftSchema>;

export const boxDetailSchema = boxSummarySchema.extend({
  version: z.number().int(),
  oddsHash: z.string(),
  /** expectedReturn / openPrice, in basis points. */
  returnRateBp: z.number().int(),
  gifts: z.array(boxGiftSchema),
  gradeGiftProb: z.array(z.object({ grade: z.number().int(), prob: z.number() })),
});
export type BoxDetail = z.infer<typeof boxDetailSchema>;

const optionalCouponId = z.preprocess((v) => (v === '' || v === '-1' || v === -1 || v === null ? undefined : v), idParam.optional());

export const openCaseParams = z.object({
  caseId: idParam,
  number: intParam(1, MAX_OPEN_PER_REQUEST).default(1),
  /** A box coupon (couponType 1); empty or -1 = none. */
  couponId: optionalCouponId,
});

/** One opened box (OpenBoxResultVo). voucherId is the backpack item id; verifyId the roll id. */
export const openResultSchema = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  boxName: z.string(),
  giftId: z.number().int(),
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  recoveryPrice: z.number().int(),
  voucherId: z.number().int(),
  rollCode: z.number().int(),
  round: z.number().int(),
  verifyId: z.number().int(),
  publicHash: z.string(),
});
export type OpenResult = z.infer<typeof openResultSchema>;
export const openCaseResultSchema = z.object({
  results: z.array(openResultSchema),
  /** What was spent after any coupon. */
  amountPaid: z.number().int(),
  balance: z.number().int(),
  integral: z.number().int(),
});

export const recentCaseGiftParams = z.object({
  caseId: idParam,
  isTop: z.preprocess((v) => v === 'true' || v === true, z.boolean()).default(false),
  limit: intParam(1, 20).default(20),
});

/** Backpack (getMyOrnamentPage). sort: 0 newest, 1 price high→low, 2 price low→high. */
export const ornamentPageParams = pagingParams.extend({
  moduleId: filterParam.default(-1),
  sort: intParam(0, 2).default(0),
  /** -1 all, 0 in backpack, 1 used (exchanged, retrieved, retrieving). */
  state: intParam(-1, 1).default(0),
});
export const ornamentSchema = z.object({
  id: z.number().int(),
  giftId: z.number().int(),
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  recoveryPrice: z.number().int(),
  /** escrowed: a prize of a giveaway room its owner created, held until the draw or a cancel. */
  state: z.enum(['in_backpack', 'exchanged', 'retrieving', 'retrieved', 'used', 'escrowed']),
  sourceType: z.string(),
  createTime: z.string(),
});
export type Ornament = z.infer<typeof ornamentSchema>;

/** ids: one id or a comma-joined list ("12,13,14"), as the sibling's client sends them. */
export { optionalCouponId };

export const idListParam = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number)
      : Array.isArray(v)
        ? v.map(Number)
        : v,
  z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
);
export const exchangeParams = z.object({ ids: idListParam });
export const exchangeResultSchema = z.object({ quantity: z.number().int(), amount: z.number().int(), balance: z.number().int() });

export const retrievalParams = z.object({ ids: idListParam });
/**
 * The remark of a withdrawal waiting for an operator's risk review (issue 24 §4): its state stays 0 (spec §4),
 * and the player's record shows this (the web shows it in the player's language).
 */
export const WITHDRAWAL_REVIEW_REMARK = '审核中';
/** Retrieval states (spec §4): 0 retrieving, 1 awaiting shipment, 2 awaiting receipt, 3 success, 4 failed. */
export const retrievalSchema = z.object({
  orderId: z.number().int(),
  ornamentId: z.number().int(),
  ornamentName: z.string(),
  giftImage: z.string().nullable(),
  recoveryPrice: z.number().int(),
  state: z.number().int().min(0).max(4),
  remark: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});

export const freeBoxSchema = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  boxName: z.string(),
  boxImage: z.string().nullable(),
  reason: z.string(),
  used: z.boolean(),
  expireTime: z.string(),
  createTime: z.string(),
});
export const openFreeBoxParams = z.object({ id: idParam, number: intParam(1, 1).default(1) });

/** Open-box records with the spec's labels (§3). */
export const openRecordSchema = z.object({
  id: z.number().int(),
  boxName: z.string(),
  giftName: z.string(),
  grade: z.number().int(),
  recoveryPrice: z.number().int(),
  pricePaid: z.number().int(),
  rollCode: z.number().int(),
  rangeLow: z.number().int(),
  rangeHigh: z.number().int(),
  verifyId: z.number().int(),
  /** The roll's share-link id (decision 0017). */
  shareId: z.string(),
  /** Coins and points around the opening; null for openings made before they were recorded. */
  balanceBefore: gameBalanceSchema.nullable(),
  balanceAfter: gameBalanceSchema.nullable(),
  createTime: z.string(),
});
