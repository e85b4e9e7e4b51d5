import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { GIVEAWAY_MAX_PRIZES } from './giveaways.js';
import { boolParam, idParam, intIdParam, intParam, noNul, pagingParams } from './params.js';
import { dayParam } from './shared-params.js';
import { botRecordShape, playerShape } from './shapes.js';

/**
 * Operator console screen 9 (games), issue 16: the battles and giveaways monitors (cancel with refunds
 * where the rules allow, official giveaways), the dream chasing bounds and return rate, and the house bots.
 * Every change writes one audit row; money moves only through the ledger (battle refunds).
 */

const reasonParam = z
  .string()
  .trim()
  .min(2, { error: '请填写原因（至少2个字）' })
  .max(200, { error: '原因不超过200字' })
  .refine(noNul, { error: '原因含有非法字符' });

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---- battles -------------------------------------------------------------------------------------------

export const adminBattleStates = ['waiting', 'running', 'ended', 'cancelled', 'voided'] as const;
export type AdminBattleState = (typeof adminBattleStates)[number];

export const adminBattleListParams = pagingParams.extend({
  state: z.enum(['all', ...adminBattleStates]).default('all'),
  /** 0 classic 欧皇, 1 非酋; -1 all. */
  mode: intParam(-1, 1).default(-1),
  /** Battles this player sits in. */
  playerId: z.preprocess(emptyToUndefined, idParam.optional()),
  from: dayParam,
  to: dayParam,
});

export const adminBattleSchema = z.object({
  id: int,
  code: text,
  title: text,
  mode: int,
  state: z.enum(adminBattleStates),
  seats: int,
  seatsTaken: int,
  /** What each human seat pays (fen). */
  entryPriceFen: int,
  private: bool,
  creatorId: int,
  createdAt: text,
  lockedAt: nullableText,
  endedAt: nullableText,
  winnerSeat: nullableInt,
  /** Only a room still waiting for players (no seat locked, no draw scheduled) may be cancelled. */
  cancellable: bool,
});
export type AdminBattle = z.infer<typeof adminBattleSchema>;
export const adminBattlePage = pageSchema(adminBattleSchema);

export const adminBattleSeatSchema = z.object({
  seat: int,
  userId: nullableInt,
  botId: nullableInt,
  nickname: text,
  /** What the seat paid (a bot pays nothing). */
  coinFen: int,
  pointFen: int,
  /** The sum of the seat's roll values (0 before the draw). */
  totalFen: int,
  winner: bool,
});
export const adminBattleDetailSchema = z.object({
  battle: adminBattleSchema,
  publicHash: text,
  targetRound: nullableInt,
  randomness: nullableText,
  boxes: z.array(z.object({ round: int, boxId: int, boxName: text, priceFen: int, version: int })),
  seats: z.array(adminBattleSeatSchema),
  rolls: z.array(z.object({ round: int, seat: int, rollCode: int, itemId: int, itemName: text, valueFen: int })),
  /** Refunds written for this battle (cancel or void), fen by kind. */
  refundedCoinFen: int,
  refundedPointFen: int,
});
export type AdminBattleDetail = z.infer<typeof adminBattleDetailSchema>;

export const adminBattleIdParams = z.object({ id: idParam });
export const adminBattleCancelParams = z.object({ id: idParam, reason: reasonParam });

// ---- giveaways -----------------------------------------------------------------------------------------

export const adminGiveawayStates = ['running', 'ended', 'cancelled'] as const;
export const adminGiveawayKinds = ['official', 'streamer', 'own'] as const;

export const adminGiveawayListParams = pagingParams.extend({
  state: z.enum(['all', ...adminGiveawayStates]).default('all'),
  kind: z.enum(['all', ...adminGiveawayKinds]).default('all'),
  /** The creator's player id. */
  creatorId: z.preprocess(emptyToUndefined, idParam.optional()),
  from: dayParam,
  to: dayParam,
});

export const adminGiveawaySchema = z.object({
  id: int,
  kind: z.enum(adminGiveawayKinds),
  state: z.enum(adminGiveawayStates),
  title: text,
  creatorId: nullableInt,
  openTime: text,
  createdAt: text,
  prizeCount: int,
  poolValueFen: int,
  entryCount: int,
  private: bool,
  demo: bool,
  /** Running, entries not frozen and the open time not reached (see OPERATIONS.md, screen 9). */
  cancellable: bool,
});
export type AdminGiveaway = z.infer<typeof adminGiveawaySchema>;
export const adminGiveawayPage = pageSchema(adminGiveawaySchema);

export const adminGiveawayDetailSchema = z.object({
  giveaway: adminGiveawaySchema,
  remark: text,
  banner: nullableText,
  conditions: z.object({
    minDepositFen: int,
    depositStart: nullableText,
    depositEnd: nullableText,
    promotionUserId: nullableInt,
    minVipGrade: int,
  }),
  publicHash: text,
  targetRound: int,
  entriesHash: nullableText,
  drawnAt: nullableText,
  prizes: z.array(
    z.object({
      position: int,
      itemId: int,
      itemName: text,
      valueFen: int,
      /** Where it came from, and where it goes back if nobody wins it or the room is cancelled. */
      source: z.enum(['stock', 'escrow']),
      stockId: nullableInt,
      winnerUserId: nullableInt,
      winnerEntryNo: nullableInt,
    }),
  ),
});
export type AdminGiveawayDetail = z.infer<typeof adminGiveawayDetailSchema>;

export const adminGiveawayIdParams = z.object({ id: idParam });
export const adminGiveawayCancelParams = z.object({ id: idParam, reason: reasonParam });

/** The shop stock lines an official room can take prizes from (one unit per prize). */
export const adminGiveawayStockSchema = z.object({ stockId: int, itemId: int, itemName: text, valueFen: int, stock: int });
export type AdminGiveawayStock = z.infer<typeof adminGiveawayStockSchema>;
export const adminGiveawayStockList = z.array(adminGiveawayStockSchema);

const isoTime = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), { error: '时间格式不正确' });
const optionalIsoTime = z.preprocess(emptyToUndefined, isoTime.optional());

/**
 * An official room from the console: the same service and rules as the operator CLI (decision 0028), the
 * prizes one unit each of shop stock lines, the open time 10 minutes to 7 days ahead.
 */
export const adminGiveawayCreateParams = z
  .object({
    title: z.string().trim().min(2, { error: '标题为2至40个字' }).max(40, { error: '标题为2至40个字' }).refine(noNul),
    remark: z.preprocess((v) => v ?? '', z.string().trim().max(200, { error: '说明不超过200字' }).refine(noNul)),
    banner: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(300)
        .regex(/^\/[A-Za-z0-9/_.-]*$/, { error: '横幅应为站内图片路径（以 / 开头）' })
        .optional(),
    ),
    openTime: isoTime,
    /** A JSON array, or a comma list as the console's form posts it. */
    stockIds: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : v,
      z
        .array(intIdParam)
        .min(1, { error: '请至少选择一个奖品' })
        .max(GIVEAWAY_MAX_PRIZES, { error: `奖品不超过${GIVEAWAY_MAX_PRIZES}个` }),
    ),
    password: z.preprocess(
      emptyToUndefined,
      z.string().min(4, { error: '口令为4至32个字符' }).max(32, { error: '口令为4至32个字符' }).refine(noNul).optional(),
    ),
    minDepositFen: intParam(0, 100_000_000).default(0),
    depositStart: optionalIsoTime,
    depositEnd: optionalIsoTime,
    promotionUserId: z.preprocess(emptyToUndefined, idParam.optional()),
    minVipGrade: intParam(0, 10).default(0),
  })
  .strict();
export type AdminGiveawayCreateParams = z.infer<typeof adminGiveawayCreateParams>;

// ---- dream chasing -------------------------------------------------------------------------------------

/**
 * The five dream settings, with the bounds config.ts puts on their DREAM_* environment variables (the
 * environment stays the default; a value saved from the console overrides it).
 */
export const dreamSettingsSchema = z
  .object({
    minProbability: intParam(1, 100_000),
    maxProbability: intParam(1, 100_000),
    returnRateBp: intParam(1_000, 10_000),
    minTargetPriceFen: intParam(1, Number.MAX_SAFE_INTEGER),
    maxTargetPriceFen: intParam(1, 1_000_000_000),
  })
  .strict()
  .refine((s) => s.minProbability <= s.maxProbability, {
    error: '最低成功概率不能高于最高成功概率',
    path: ['minProbability'],
  })
  .refine((s) => s.minTargetPriceFen <= s.maxTargetPriceFen, {
    error: '目标最低价格不能高于最高价格',
    path: ['minTargetPriceFen'],
  });
export type DreamSettings = z.infer<typeof dreamSettingsSchema>;

export const adminDreamSettingsSchema = z.object({
  current: dreamSettingsSchema,
  /** The environment's values (DREAM_*): what applies when nothing was saved from the console. */
  defaults: dreamSettingsSchema,
  /** Whether the console's saved values apply (false: the environment's). */
  overridden: bool,
  updatedAt: nullableText,
});
export type AdminDreamSettings = z.infer<typeof adminDreamSettingsSchema>;

// ---- bots ----------------------------------------------------------------------------------------------

export const adminBotSchema = z.object({
  id: int,
  ...playerShape,
  enabled: bool,
  ...botRecordShape,
});
export type AdminBot = z.infer<typeof adminBotSchema>;
export const adminBotList = z.array(adminBotSchema);

export const adminBotUpdateParams = z
  .object({
    id: intParam(1, 32_767),
    nickname: z.string().trim().min(2, { error: '昵称为2至16个字' }).max(16, { error: '昵称为2至16个字' }).refine(noNul).optional(),
    /** A site image path, or '' to clear it. */
    headPic: z
      .string()
      .trim()
      .max(300)
      .regex(/^(\/[A-Za-z0-9/_.-]*)?$/, { error: '头像应为站内图片路径（以 / 开头）' })
      .optional(),
    enabled: boolParam.optional(),
  })
  .strict()
  .refine((p) => p.nickname !== undefined || p.headPic !== undefined || p.enabled !== undefined, {
    error: '没有要修改的内容',
  });
