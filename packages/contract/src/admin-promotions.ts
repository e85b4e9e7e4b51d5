import { z } from 'zod';
import { int, nullableInt, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { GOLDEN_CODE_PATTERN, goldenCodeRewardTypeSchema } from './golden-code.js';
import { boolParam, idParam, intParam, noNul, pagingParams, smallFilterParam } from './params.js';
import { jsonArray, reasonParam } from './shared-params.js';

/**
 * Operator console screen 8 (promotions and rewards), issue 16: Golden Codes, coupons and red packets
 * (both are rows of reward_vouchers), the VIP ladder, promoter levels and the first-deposit bonus rate.
 * Nothing here moves money: a code's coins, a red packet's coins and a level-up reward are credited
 * through the ledger by the player-side features when the player redeems, opens or levels up.
 */

/** Issue 24 §11: the most a console-made coupon takes off in one use, a Golden Code's coins and its uses. */
export const COUPON_MAX_DISCOUNT_FEN = 100_000;
export const GOLDEN_CODE_AMOUNT_MAX_FEN = 100_000;
export const GOLDEN_CODE_MAX_USES = 100_000;

// ---------------------------------------------------------------------------------------- Golden Codes

/** live: redeemable now; disabled by an operator; expired; usedUp: every use taken. */
export const goldenCodeStates = ['live', 'disabled', 'expired', 'usedUp'] as const;
export const goldenCodeStateSchema = z.enum(goldenCodeStates);
export type GoldenCodeState = z.infer<typeof goldenCodeStateSchema>;

export const goldenCodeListParams = pagingParams.extend({
  /** Part of a code (any case). */
  q: z
    .string()
    .trim()
    .max(32, { error: '搜索内容不超过32个字符' })
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z0-9]*$/.test(s), { error: '只能搜索字母或数字' })
    .optional(),
  state: z.enum(['all', ...goldenCodeStates]).default('all'),
  rewardType: z.enum(['all', 'coin', 'item', 'box', 'coupon']).default('all'),
});

export const adminGoldenCodeSchema = z.object({
  id: int,
  code: text,
  rewardType: goldenCodeRewardTypeSchema,
  amountFen: nullableInt,
  itemId: nullableInt,
  itemName: nullableText,
  boxId: nullableInt,
  boxName: nullableText,
  couponType: nullableInt,
  discountBp: nullableInt,
  minSpendFen: nullableInt,
  maxDiscountFen: nullableInt,
  maxUses: int,
  usedCount: int,
  expiresAt: text,
  createdAt: text,
  disabledAt: nullableText,
  note: nullableText,
  state: goldenCodeStateSchema,
});
export type AdminGoldenCode = z.infer<typeof adminGoldenCodeSchema>;
export const adminGoldenCodePage = pageSchema(adminGoldenCodeSchema);

/**
 * The same rules the CLI's service applies (golden-code/service.ts createGoldenCode): 6–32 letters or
 * digits, exactly the reward field of its type, at least one use, a validity of whole days from now.
 */
export const goldenCodeCreateParams = z
  .object({
    code: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(GOLDEN_CODE_PATTERN, { error: 'Golden Code 须为6-32位字母或数字' })),
    rewardType: goldenCodeRewardTypeSchema,
    /** Coins, fen: at most ¥1,000 a use, as a red packet (issue 24 §11 lowered it from ¥100,000). */
    amountFen: intParam(1, GOLDEN_CODE_AMOUNT_MAX_FEN).optional(),
    itemId: idParam.optional(),
    boxId: idParam.optional(),
    couponType: intParam(0, 2).optional(),
    discountBp: intParam(1, 10_000).optional(),
    minSpendFen: intParam(0, 100_000_000).optional(),
    /** Coupon codes: the most one coupon may take off (decision 0048: a coupon's value is this cap). */
    maxDiscountFen: intParam(1, COUPON_MAX_DISCOUNT_FEN).optional(),
    /** At most 100,000 uses (issue 24 §11 lowered it from a million); the daily caps bound the value. */
    maxUses: intParam(1, GOLDEN_CODE_MAX_USES),
    days: intParam(1, 3_650),
    note: z.string().trim().max(200, { error: '备注不超过200字' }).refine(noNul).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const needs = {
      coin: ['amountFen'],
      item: ['itemId'],
      box: ['boxId'],
      coupon: ['couponType', 'discountBp', 'maxDiscountFen'],
    } as const;
    const all = ['amountFen', 'itemId', 'boxId', 'couponType', 'discountBp', 'minSpendFen', 'maxDiscountFen'] as const;
    const allowed: readonly string[] = v.rewardType === 'coupon' ? [...needs.coupon, 'minSpendFen'] : needs[v.rewardType];
    for (const key of needs[v.rewardType])
      if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: '请填写该奖励类型所需的数值' });
    for (const key of all)
      if (v[key] !== undefined && !allowed.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: '该奖励类型不需要此项' });
  });

export const goldenCodeIdParams = z.object({ id: idParam });
export const goldenCodeDisabledParams = z.object({ id: idParam, disabled: boolParam }).strict();

export const goldenCodeRedemptionListParams = pagingParams.extend({ id: idParam });
export const goldenCodeRedemptionSchema = z.object({ id: int, userId: int, nickname: nullableText, createdAt: text });
export type GoldenCodeRedemption = z.infer<typeof goldenCodeRedemptionSchema>;
export const goldenCodeRedemptionPage = pageSchema(goldenCodeRedemptionSchema);

// ------------------------------------------------------------------------ coupons and red packets

/**
 * Coupons and red packets are issued per player (reward_vouchers): there is no table of coupon types,
 * so the console lists what was issued, issues one to a player, and revokes an unused one (it expires now).
 * voucherType 0: red packet (coins when opened); 1: coupon (couponType 0 shop, 1 box, 2 recharge).
 */
export const adminVoucherListParams = pagingParams.extend({
  voucherType: intParam(0, 1),
  userId: idParam.optional(),
  /** -1 all, 0 usable, 1 used, 2 expired (revoked ones are expired). */
  state: smallFilterParam.default(-1),
  /** -1 all coupon types. */
  couponType: intParam(-1, 2).default(-1),
  source: z.enum(['all', 'welcome', 'vip', 'golden_code', 'operator']).default('all'),
});

export const adminVoucherSchema = z.object({
  id: int,
  userId: int,
  voucherType: int,
  couponType: nullableInt,
  name: text,
  rewardFen: int,
  discountBp: int,
  minSpendFen: int,
  /** Coupons: the most one use takes off; null for coupons issued before issue 24 (no cap). */
  maxDiscountFen: nullableInt,
  state: int,
  source: text,
  expiresAt: text,
  usedAt: nullableText,
  createdAt: text,
});
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;
export const adminVoucherPage = pageSchema(adminVoucherSchema);

const voucherName = z.string().trim().min(1, { error: '请填写名称' }).max(20, { error: '名称不超过20字' }).refine(noNul);

export const issueRedPacketParams = z
  .object({
    userId: idParam,
    name: voucherName,
    /** Coins when opened, fen: ¥0.01 … ¥1,000. */
    rewardFen: intParam(1, 100_000),
    days: intParam(1, 365),
    reason: reasonParam,
  })
  .strict();

export const issueCouponParams = z
  .object({
    userId: idParam,
    name: voucherName,
    couponType: intParam(0, 2),
    discountBp: intParam(1, 10_000),
    minSpendFen: intParam(0, 100_000_000).default(0),
    /** Required (decision 0048): a percentage without a cap has no bounded value to count. */
    maxDiscountFen: intParam(1, COUPON_MAX_DISCOUNT_FEN),
    days: intParam(1, 365),
    reason: reasonParam,
  })
  .strict();

export const revokeVoucherParams = z.object({ id: idParam, reason: reasonParam }).strict();

// ------------------------------------------------------------------------------------- ladders

const ladderName = z.string().trim().min(1, { error: '请填写等级名称' }).max(16, { error: '等级名称不超过16字' }).refine(noNul);

/** Bounds of the VIP ladder (docs/OPERATIONS.md, screen 8). */
export const vipGradeBounds = {
  expMax: 1_000_000_000_000,
  levelRewardFenMax: 10_000_000,
  levelPointsFenMax: 10_000_000,
  redPacketFenMax: 1_000_000,
  freeBoxesMax: 50,
  rechargeBonusBpMax: 2_000,
  rebateBoostBpMax: 1_000,
} as const;

export const vipGradeSchema = z.object({
  grade: intParam(0, 100),
  name: ladderName,
  /** Deposited fen needed; grade 0 starts at 0 and each next grade needs strictly more. */
  expMin: intParam(0, vipGradeBounds.expMax),
  levelRewardFen: intParam(0, vipGradeBounds.levelRewardFenMax),
  /** Points granted on reaching the grade, in fen (issue 27 §5). */
  levelPointsFen: intParam(0, vipGradeBounds.levelPointsFenMax),
  /** The level-up red packet, in fen (0: none). */
  redPacketFen: intParam(0, vipGradeBounds.redPacketFenMax),
  freeBoxes: intParam(0, vipGradeBounds.freeBoxesMax),
  rechargeBonusBp: intParam(0, vipGradeBounds.rechargeBonusBpMax),
  rebateBoostBp: intParam(0, vipGradeBounds.rebateBoostBpMax),
});
export type VipGradeRow = z.infer<typeof vipGradeSchema>;

/** Checked as a whole: the first threshold is 0 and every next one is strictly higher. */
const increasingFromZero = (rows: Array<{ expMin: number }>) =>
  rows.length > 0 && rows[0]!.expMin === 0 && rows.every((r, i) => i === 0 || r.expMin > rows[i - 1]!.expMin);

export const vipLadderParams = z
  .object({
    grades: jsonArray(z.array(vipGradeSchema.strict()).min(1).max(50)),
    reason: reasonParam,
  })
  .strict()
  .refine((v) => increasingFromZero([...v.grades].sort((a, b) => a.grade - b.grade)), {
    error: '等级门槛必须从0开始并逐级严格递增',
    path: ['grades'],
  });
export const vipLadderSchema = z.array(vipGradeSchema);

export const promotionLevelBounds = { expMax: 1_000_000_000_000, rebateBpMax: 3_000 } as const;

export const promotionLevelSchema = z.object({
  level: intParam(1, 100),
  name: ladderName,
  /** The invitees' deposited fen needed; level 1 starts at 0 and each next level needs strictly more. */
  expMin: intParam(0, promotionLevelBounds.expMax),
  /** The rebate on invitees' deposits, basis points (0–30 %; a VIP boost is added on top). */
  rebateBp: intParam(0, promotionLevelBounds.rebateBpMax),
});
export type PromotionLevelRow = z.infer<typeof promotionLevelSchema>;

export const promotionLevelsParams = z
  .object({
    levels: jsonArray(z.array(promotionLevelSchema.strict()).min(1).max(50)),
    reason: reasonParam,
  })
  .strict()
  .refine((v) => increasingFromZero([...v.levels].sort((a, b) => a.level - b.level)), {
    error: '等级门槛必须从0开始并逐级严格递增',
    path: ['levels'],
  });
export const promotionLevelsSchema = z.array(promotionLevelSchema);

// ---------------------------------------------------------------------------- first-deposit rate

export const firstDepositSchema = z.object({ bonusPercent: int });
export const firstDepositParams = z
  .object({
    bonusPercent: intParam(0, 100),
    reason: reasonParam,
  })
  .strict();
