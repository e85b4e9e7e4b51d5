import { z } from 'zod';
import { bool, int, nullableText, num, text } from './fields.js';
import { filterParam, idParam, intParam, pagingParams } from './params.js';
import { boxShape, gameBalancesShape, giftShape, oddsVersionShape, rollRangeShape, walletShape } from './shapes.js';

/** Most boxes one request may open (docs/decisions/0010). */
export const MAX_OPEN_PER_REQUEST = 10;

/** A box in lists (BoxPageVo). Money is integer fen. */
export const boxSummarySchema = z.object({
  id: int,
  boxName: text,
  boxImage: nullableText,
  weaponImage: nullableText,
  openPrice: int,
  /** 0 free, 1 normal. */
  boxType: int,
  boxThemeId: int,
  /** Σ probability × recovery price, published with the box. */
  expectedReturn: int,
  enabled: bool,
});
export type BoxSummary = z.infer<typeof boxSummarySchema>;

export const boxThemeSchema = z.object({ id: int, themeName: text, boxType: int, weight: int, boxList: z.array(boxSummarySchema) });
export type BoxTheme = z.infer<typeof boxThemeSchema>;
/**
 * The sibling's `moduleId` is its game module (api-shapes §4 getModuleList: {id, appid, moduleName}); its UI
 * sends 5, the CS2 module, which is every box this site sells. -1 = every module (api-shapes §3).
 */
export const CS2_MODULE_ID = 5;
/** A box list's module filter: -1 and 5 match the whole catalogue, any other module has no boxes here. */
export const matchesBoxModule = (moduleId: number) => moduleId === -1 || moduleId === CS2_MODULE_ID;

export const boxThemeListParams = z.object({ boxType: filterParam.default(-1), moduleId: filterParam.default(-1) });

/** common/getBoxBattleThemeList (spec §7: moduleId 5, themeId -1): the themes whose boxes a battle may use. */
export const battleThemeListParams = z.object({ moduleId: filterParam.default(-1), themeId: filterParam.default(-1) });

export const caseIdParams = z.object({ caseId: idParam });

/** One drop of a box (BoxGiftVo) with its integer weight and inclusive roll range. */
export const boxGiftSchema = z.object({
  ...giftShape,
  /** Weight in units of 1/100000; weights of a box sum to 100000. */
  weight: int,
  realProbability: num,
  rollCodeLow: int,
  rollCodeHigh: int,
});
export type BoxGift = z.infer<typeof boxGiftSchema>;

export const boxDetailSchema = boxSummarySchema.extend({
  ...oddsVersionShape,
  /**
   * expectedReturn / openPrice, in basis points: the return declared when this odds version was published,
   * at that day's recovery prices (发布时申报回报率; decision 0061). Fixed until the next publication.
   */
  returnRateBp: int,
  /**
   * Σ weight × today's recovery price ÷ 100000 ÷ openPrice, in basis points, rounded down: what an opening
   * returns today (当前期望回报率), the figure beside the price and the one the realised return is held to.
   */
  liveReturnRateBp: int,
  gifts: z.array(boxGiftSchema),
  gradeGiftProb: z.array(z.object({ grade: int, prob: num })),
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
  id: int,
  boxId: int,
  boxName: text,
  ...giftShape,
  voucherId: int,
  rollCode: int,
  round: int,
  verifyId: int,
  publicHash: text,
});
export type OpenResult = z.infer<typeof openResultSchema>;
export const openCaseResultSchema = z.object({
  results: z.array(openResultSchema),
  /** What was spent after any coupon. */
  amountPaid: int,
  ...walletShape,
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
  id: int,
  ...giftShape,
  /** escrowed: a prize of a giveaway room its owner created, held until the draw or a cancel. */
  state: z.enum(['in_backpack', 'exchanged', 'retrieving', 'retrieved', 'used', 'escrowed']),
  sourceType: text,
  createTime: text,
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
export const exchangeResultSchema = z.object({ quantity: int, amount: int, balance: int });

export const retrievalParams = z.object({ ids: idListParam });
/**
 * The remark of a withdrawal waiting for an operator's risk review (issue 24 §4): its state stays 0 (spec §4),
 * and the player's record shows this (the web shows it in the player's language).
 */
export const WITHDRAWAL_REVIEW_REMARK = '审核中';
/** Retrieval states (spec §4): 0 retrieving, 1 awaiting shipment, 2 awaiting receipt, 3 success, 4 failed. */
export const retrievalSchema = z.object({
  orderId: int,
  ornamentId: int,
  ornamentName: text,
  giftImage: nullableText,
  recoveryPrice: int,
  state: z.number().int().min(0).max(4),
  remark: nullableText,
  createTime: text,
  updateTime: text,
});

export const freeBoxSchema = z.object({ id: int, ...boxShape, reason: text, used: bool, expireTime: text, createTime: text });
export const openFreeBoxParams = z.object({ id: idParam, number: intParam(1, 1).default(1) });

/** Open-box records with the spec's labels (§3). */
export const openRecordSchema = z.object({
  id: int,
  boxName: text,
  giftName: text,
  grade: int,
  recoveryPrice: int,
  pricePaid: int,
  ...rollRangeShape,
  verifyId: int,
  /** The roll's share-link id (decision 0017). */
  shareId: text,
  ...gameBalancesShape,
  createTime: text,
});
