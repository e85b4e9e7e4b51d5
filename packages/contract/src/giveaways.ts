import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { idParam, intParam, noNul, pagingParams } from './params.js';
import { giftShape, playerShape, revealedSeedShape } from './shapes.js';

/**
 * Giveaway rooms 福利屋 / ROLL rooms (spec §1, §2, §4, §8; api-shapes §4.7; PF v1 §8, §9). Official rooms
 * are funded by the house from the shop's stock; streamer rooms and own rooms from the creator's backpack
 * (held in escrow from creation). Each prize has one winner: W = the number of prizes. The draw is the
 * partial Fisher–Yates of PF v1 §8 over the frozen entries, from the beacon round fixed at creation.
 */
export const GiveawayRoomType = { official: 1, streamer: 2, own: 3 } as const;
/** 1 in progress, 2 ended (drawn), 3 cancelled (own rooms, before anyone joined; the items went back). */
export const GiveawayState = { running: 1, ended: 2, cancelled: 3 } as const;
/** At most this many prizes (and so winners) in one room. */
export const GIVEAWAY_MAX_PRIZES = 50;
/** An own room ends between 10 minutes and 7 days after creation. */
export const GIVEAWAY_MIN_DURATION_MS = 10 * 60_000;
export const GIVEAWAY_MAX_DURATION_MS = 7 * 24 * 3_600_000;

/** GET /api/giveaway/page: type 0 = rooms I joined, 1 official, 2 streamer and player rooms; state -1 all. */
export const giveawayPageParams = pagingParams.extend({ type: intParam(0, 2).default(1), state: intParam(-1, 3).default(-1) });
export const giveawayIdParams = z.object({ giveawayId: idParam });
export const giveawayJoinParams = z.object({
  giveawayId: idParam,
  pwd: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(32).refine(noNul).optional()),
});

/** What a room asks of a player who joins (checked at join; shown with whether the viewer meets each). */
export const giveawayConditionsSchema = z.object({
  password: bool,
  /** Deposits (fen) of at least this much between depositStart and depositEnd; 0 = none. */
  minDeposit: int,
  depositStart: nullableText,
  depositEnd: nullableText,
  /** Bound (as invitee) to this promotion code; null = none. */
  promotionCode: nullableText,
  /** VIP grade at least this; 0 = none. */
  minVipGrade: int,
});
/** For a logged-in viewer: whether each condition is met now (password: not knowable before trying). */
export const giveawayEligibilitySchema = z.object({
  deposit: bool,
  promotion: bool,
  vip: bool,
  /** Real-name verified and not self-excluded: the base rule of every room. */
  account: bool,
  /** Deposits counted so far in the window (fen), to show "¥x of ¥y". */
  depositSoFar: int,
});

export const giveawayPersonSchema = z.object({ id: int, ...playerShape });
export const giveawayPrizeSchema = z.object({
  /** The prize's id in this room; prizes are drawn in `position` order (PF v1 §8: prize k → entry a[k]). */
  id: int,
  position: int,
  ...giftShape,
  /** After the draw: the winner and their entry number. */
  winnerInfo: giveawayPersonSchema.nullable(),
  winnerEntryNo: nullableInt,
});
export type GiveawayPrize = z.infer<typeof giveawayPrizeSchema>;

/** The room (RollRoomPageVo), with everything the fairness view needs once published. */
export const giveawayRoomSchema = z.object({
  id: int,
  title: text,
  remark: text,
  banner: nullableText,
  roomType: int,
  state: int,
  creator: giveawayPersonSchema,
  createTime: text,
  /** The immutable draw time (PF v1 §8 endAt). */
  openTime: text,
  /** ms until openTime when the server answered (0 once past): the page's millisecond countdown. */
  leftTime: int,
  poolValue: int,
  giftCount: int,
  userCount: int,
  /** The viewer joined (false for a guest). */
  joinFlag: bool,
  pwdFlag: bool,
  /** A seeded demo room or one made by the sandbox tools: shown labelled as demo (decision 0017). */
  demo: bool,
  conditions: giveawayConditionsSchema,
  /** Null for a guest. */
  eligibility: giveawayEligibilitySchema.nullable(),
  /** Published at creation. */
  publicHash: text,
  targetRound: int,
  /** Published at openTime, before time(targetRound). */
  entriesHash: nullableText,
  entryCount: nullableInt,
  /** After the draw. */
  beaconSource: nullableText,
  beaconSignature: nullableText,
  randomness: nullableText,
  ...revealedSeedShape,
  drawTime: nullableText,
  giftVos: z.array(giveawayPrizeSchema),
});
export type GiveawayRoom = z.infer<typeof giveawayRoomSchema>;

/**
 * partakeList: entries in join order. The user id is published with the draw (PF v1 §8: then anyone
 * recomputes entriesHash); before it, null (issue 24 §14), and `mine` marks the viewer's own entry.
 */
export const giveawayEntrySchema = z.object({
  entryNo: int,
  userId: nullableInt,
  /** The logged-in viewer's own entry. */
  mine: bool,
  /** The nickname is masked (e.g. 玩***88). */
  ...playerShape,
  createTime: text,
});
export type GiveawayEntry = z.infer<typeof giveawayEntrySchema>;
export const giveawayWinnerSchema = giveawayPersonSchema.extend({ entryNo: int, giftVos: z.array(giveawayPrizeSchema) });
export type GiveawayWinner = z.infer<typeof giveawayWinnerSchema>;

const isoOrMs = z.preprocess(
  (v) => {
    const ms = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : typeof v === 'number' ? v : null;
    if (ms === null) return v;
    // Past the Date range (±8.64e15 ms) there is no ISO string: left as is, the schema refuses it (1001).
    const at = new Date(ms);
    return Number.isNaN(at.getTime()) ? v : at.toISOString();
  },
  z.string().datetime({ offset: true }),
);
const optionalIso = z.preprocess((v) => (v === '' ? undefined : v), isoOrMs.optional());

/**
 * POST /api/giveaway/create: a streamer's or a player's room from backpack items (vouchers), held in
 * escrow until the draw or a cancel. A streamer's room (roomType 2) may require being bound to the
 * streamer's own promotion code (`requirePromotion`).
 */
export const createGiveawayParams = z.object({
  title: z.string().trim().min(2).max(40).refine(noNul),
  remark: z.preprocess((v) => (v === undefined ? '' : v), z.string().trim().max(200).refine(noNul)),
  vouchers: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map(Number)
        : v,
    z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(GIVEAWAY_MAX_PRIZES),
  ),
  openTime: isoOrMs,
  pwd: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(4).max(32).refine(noNul).optional()),
  minDeposit: intParam(0, 100_000_000).default(0),
  depositStart: optionalIso,
  depositEnd: optionalIso,
  minVipGrade: intParam(0, 10).default(0),
  requirePromotion: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});
export type CreateGiveawayParams = z.infer<typeof createGiveawayParams>;
