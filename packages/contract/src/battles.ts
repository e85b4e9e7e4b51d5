import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { filterParam, intParam, noNul, pagingParams, tokenParam } from './params.js';
import { limits } from './constants.js';
import { botRecordShape, boxShape, oddsVersionShape, playerShape, revealedSeedShape, rollRangeShape } from './shapes.js';

/**
 * Box battles (spec §1, §4, §5, §7; shapes from api-shapes §4.4). Mode 0 is classic 欧皇 (oh), mode 1
 * non-chieftain 非酋 (fq). State 0 waiting, 1 running, 2 ended, 3 cancelled, 4 voided (no beacon in time).
 */
export const battleModes = ['oh', 'fq'] as const;
export type BattleMode = (typeof battleModes)[number];
export const BattleStateCode = { waiting: 0, running: 1, ended: 2, cancelled: 3, voided: 4 } as const;

/** Spec §5 says 10 in one place and 20 in another; 20, as the sibling's UI (decision 0025). */
export const BATTLE_MAX_BOXES = 20;
/** An ended battle reveals one round this often, from `revealStartAt`, the same for every watcher. */
export const BATTLE_ROUND_MS = 4_000;

/** Comma list of box ids, one per round, repeats allowed (sibling `boxLists`). */
const boxListParam = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9][0-9]{0,15}$/)
          .transform(Number),
      )
      .min(1)
      .max(BATTLE_MAX_BOXES),
  );

export const battleCodeParam = tokenParam(8, 32);
const passwordParam = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(4).max(32).refine(noNul).optional());

export const createBattleParams = z
  .object({
    boxLists: boxListParam,
    countCustomer: intParam(2, 4),
    mode: intParam(0, 1).default(0),
    /** The creator's seat, 1..countCustomer (api-shapes §4.4: pos=1). */
    pos: intParam(1, 4).default(1),
    title: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(40).refine(noNul).optional()),
    /** A private room: joining needs this password (the invite link carries it). */
    password: passwordParam,
  })
  .refine((p) => p.pos <= p.countCustomer, { path: ['pos'], message: '座位号不能大于人数' });
export const joinBattleParams = z.object({
  battleCode: battleCodeParam,
  /** Seat 1..N; 0 = the first free seat. */
  pos: intParam(0, 4).default(0),
  password: passwordParam,
});
export const joinBotParams = z.object({
  battleCode: battleCodeParam,
  botId: z.preprocess((v) => (v === '' || v === '0' ? undefined : v), intParam(1, 1_000_000).optional()),
  pos: intParam(0, 4).default(0),
});
export const battleCodeParams = z.object({ battleCode: battleCodeParam });

export const battleListParams = pagingParams.extend({
  mode: intParam(-1, 1).default(-1),
  state: filterParam.default(-1),
  pageSize: pagingParams.shape.pageSize.default(limits.battlePageSize),
});
export const battleCurrentParams = pagingParams.extend({
  mode: intParam(-1, 1).default(-1),
  pageSize: pagingParams.shape.pageSize.default(limits.battlePageSize),
});

export const battleBoxSchema = z.object({ round: int, ...boxShape, boxPrice: int, ...oddsVersionShape });
export const battleSeatSchema = z.object({
  pos: int,
  customerId: nullableInt,
  botId: nullableInt,
  ...playerShape,
  isBot: bool,
  clientSeed: text,
});
/** A battle's drop: the item, its grade and its value (fen). */
const battleGiftShape = { giftId: int, giftName: text, giftImage: nullableText, giftGrade: int, giftPrice: int };
export const battleRollSchema = z.object({
  round: int,
  pos: int,
  ...rollRangeShape,
  ...battleGiftShape,
  /** The winner's backpack item (sell it with exchangeQuantity); null for a bot's win or a loser's roll. */
  voucherId: nullableInt,
});
export const battleDetailSchema = z.object({
  id: int,
  battleCode: text,
  title: text,
  mode: int,
  state: int,
  countCustomer: int,
  customerId: int,
  totalPrice: int,
  private: bool,
  publicHash: text,
  lockedAt: nullableText,
  targetRound: nullableInt,
  seatsDigest: nullableText,
  beaconSource: nullableText,
  randomness: nullableText,
  /** Round R's drand BLS signature (hex), published with the randomness at the draw; null for none yet. */
  beaconSignature: nullableText,
  /** Revealed once the battle is ended or voided (PF v1 §7.6). */
  ...revealedSeedShape,
  /** Null until every round is revealed. */
  winnerPos: nullableInt,
  createTime: text,
  /** When round 1 is revealed (the settlement); round k follows (k − 1) × roundMs later. */
  revealStartAt: nullableText,
  roundMs: int,
  revealedRounds: int,
  boxList: z.array(battleBoxSchema),
  customerList: z.array(battleSeatSchema),
});
export type BattleDetail = z.infer<typeof battleDetailSchema>;
export const battleResultsSchema = battleDetailSchema.extend({ rolls: z.array(battleRollSchema) });
export type BattleResults = z.infer<typeof battleResultsSchema>;

export const battleBotSchema = z.object({
  botId: int,
  ...playerShape,
  ...botRecordShape,
});

/** Battle points of a day go to the top places' coins, once, the next morning (decision 0025). */
export const BATTLE_RANK_REWARDS_FEN = [8_800, 5_800, 2_800] as const;
export const BATTLE_RANK_SIZE = 10;

export const battleRankSchema = z.object({
  customerId: int,
  ...playerShape,
  /** 对战积分: the entry prices of the day's settled battles, in fen. */
  rewardPoint: int,
  /** The Beijing-time day, yyyyMMdd. */
  bizDate: int,
  place: int,
});
export const battleRankPageSchema = z.object({
  todayRank: z.array(battleRankSchema),
  yesterdayRank: z.array(battleRankSchema),
  topOneYesterday: battleRankSchema.nullable(),
  /** What the caller won for yesterday's place, in fen (0 when none or not logged in). */
  myReward: int,
});
export type BattleRankPage = z.infer<typeof battleRankPageSchema>;

export const battleHighlightDropSchema = z.object({
  battleCode: text,
  round: int,
  pos: int,
  ...playerShape,
  isBot: bool,
  ...battleGiftShape,
});
/** The day's most valuable public battles (by the value of all their drops) and drops, once revealed. */
export const battleHighlightSchema = z.object({
  battles: z.array(battleDetailSchema.extend({ totalValue: int })),
  drops: z.array(battleHighlightDropSchema),
});
export type BattleHighlight = z.infer<typeof battleHighlightSchema>;
