import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { GIVEAWAY_MAX_PRIZES } from './giveaways.js';
import { boolParam, idParam, intIdParam, intParam, noNul, pagingParams } from './params.js';

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

/** A day (YYYY-MM-DD, UTC): `to` includes the whole day. */
const dayParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' })
  .optional();

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
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  mode: z.number().int(),
  state: z.enum(adminBattleStates),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  /** What each human seat pays (fen). */
  entryPriceFen: z.number().int(),
  private: z.boolean(),
  creatorId: z.number().int(),
  createdAt: z.string(),
  lockedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  winnerSeat: z.number().int().nullable(),
  /** Only a room still waiting for players (no seat locked, no draw scheduled) may be cancelled. */
  cancellable: z.boolean(),
});
export type AdminBattle = z.infer<typeof adminBattleSchema>;
export const adminBattlePage = pageSchema(adminBattleSchema);

export const adminBattleSeatSchema = z.object({
  seat: z.number().int(),
  userId: z.number().int().nullable(),
  botId: z.number().int().nullable(),
  nickname: z.string(),
  /** What the seat paid (a bot pays nothing). */
  coinFen: z.number().int(),
  pointFen: z.number().int(),
  /** The sum of the seat's roll values (0 before the draw). */
  totalFen: z.number().int(),
  winner: z.boolean(),
});
export const adminBattleDetailSchema = z.object({
  battle: adminBattleSchema,
  publicHash: z.string(),
  targetRound: z.number().int().nullable(),
  randomness: z.string().nullable(),
  boxes: z.array(
    z.object({
      round: z.number().int(),
      boxId: z.number().int(),
      boxName: z.string(),
      priceFen: z.number().int(),
      version: z.number().int(),
    }),
  ),
  seats: z.array(adminBattleSeatSchema),
  rolls: z.array(
    z.object({
      round: z.number().int(),
      seat: z.number().int(),
      rollCode: z.number().int(),
      itemId: z.number().int(),
      itemName: z.string(),
      valueFen: z.number().int(),
    }),
  ),
  /** Refunds written for this battle (cancel or void), fen by kind. */
  refundedCoinFen: z.number().int(),
  refundedPointFen: z.number().int(),
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
  id: z.number().int(),
  kind: z.enum(adminGiveawayKinds),
  state: z.enum(adminGiveawayStates),
  title: z.string(),
  creatorId: z.number().int().nullable(),
  openTime: z.string(),
  createdAt: z.string(),
  prizeCount: z.number().int(),
  poolValueFen: z.number().int(),
  entryCount: z.number().int(),
  private: z.boolean(),
  demo: z.boolean(),
  /** Running, entries not frozen and the open time not reached (see OPERATIONS.md, screen 9). */
  cancellable: z.boolean(),
});
export type AdminGiveaway = z.infer<typeof adminGiveawaySchema>;
export const adminGiveawayPage = pageSchema(adminGiveawaySchema);

export const adminGiveawayDetailSchema = z.object({
  giveaway: adminGiveawaySchema,
  remark: z.string(),
  banner: z.string().nullable(),
  conditions: z.object({
    minDepositFen: z.number().int(),
    depositStart: z.string().nullable(),
    depositEnd: z.string().nullable(),
    promotionUserId: z.number().int().nullable(),
    minVipGrade: z.number().int(),
  }),
  publicHash: z.string(),
  targetRound: z.number().int(),
  entriesHash: z.string().nullable(),
  drawnAt: z.string().nullable(),
  prizes: z.array(
    z.object({
      position: z.number().int(),
      itemId: z.number().int(),
      itemName: z.string(),
      valueFen: z.number().int(),
      /** Where it came from, and where it goes back if nobody wins it or the room is cancelled. */
      source: z.enum(['stock', 'escrow']),
      stockId: z.number().int().nullable(),
      winnerUserId: z.number().int().nullable(),
      winnerEntryNo: z.number().int().nullable(),
    }),
  ),
});
export type AdminGiveawayDetail = z.infer<typeof adminGiveawayDetailSchema>;

export const adminGiveawayIdParams = z.object({ id: idParam });
export const adminGiveawayCancelParams = z.object({ id: idParam, reason: reasonParam });

/** The shop stock lines an official room can take prizes from (one unit per prize). */
export const adminGiveawayStockSchema = z.object({
  stockId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  valueFen: z.number().int(),
  stock: z.number().int(),
});
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
  overridden: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AdminDreamSettings = z.infer<typeof adminDreamSettingsSchema>;

// ---- bots ----------------------------------------------------------------------------------------------

export const adminBotSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  headPic: z.string().nullable(),
  enabled: z.boolean(),
  played: z.number().int(),
  won: z.number().int(),
  /** The house's result on this bot's seats (item value won minus lost), fen. */
  profitFen: z.number().int(),
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
