import { z } from 'zod';
import { bool, int, nullableInt, nullableText, num, text } from './fields.js';
import { protectionStateSchema } from './protection.js';
import { pageSchema } from './envelope.js';
import { boolParam, idParam, intParam, noNul, pagingParams, smallFilterParam } from './params.js';
import { reasonParam } from './shared-params.js';

/**
 * Operator console screens 5 (withdrawals) and 6 (players), issue 16. Money is integer fen; a change that
 * moves money or locks an account carries a reason, which the audit log keeps with its before and after.
 */

export const playerStatuses = ['active', 'frozen', 'cancelled'] as const;
export type PlayerStatus = (typeof playerStatuses)[number];

export const playerSearchParams = pagingParams.extend({
  /** A player id, a full mobile number, or part of a nickname. */
  q: z.string().trim().max(32).refine(noNul).optional(),
  status: z.enum(playerStatuses).optional(),
});

export const adminPlayerSchema = z.object({
  id: int,
  nickname: text,
  /** Masked like the player's own page: the number finds the player, the console never shows it whole. */
  mobile: nullableText,
  status: z.enum(playerStatuses),
  isBot: bool,
  minor: bool,
  verified: bool,
  createdAt: text,
  coinFen: int,
  pointFen: int,
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;
export const adminPlayerPage = pageSchema(adminPlayerSchema);

export const adminPlayerSessionSchema = z.object({
  id: int,
  ip: nullableText,
  userAgent: nullableText,
  createdAt: text,
  lastSeenAt: text,
});
export const adminLedgerEntrySchema = z.object({
  id: int,
  code: text,
  label: text,
  /** 0 coins, 1 points, 2 secondary. */
  balanceType: int,
  changeFen: int,
  balanceAfterFen: int,
  at: text,
});
export const adminPlayerItemSchema = z.object({
  id: int,
  name: text,
  /** in_backpack, retrieving, retrieved, exchanged, used, escrowed. */
  state: text,
  recoveryPriceFen: int,
  createdAt: text,
});
export const adminPlayerRollSchema = z.object({ id: int, boxName: text, itemName: text, pricePaidFen: int, rollCode: num, at: text });
export const adminPlayerDepositSchema = z.object({
  orderNo: text,
  amountFen: int,
  /** 0 processing, 1 completed, 2 cancelled. */
  state: int,
  channel: text,
  at: text,
});

/** issue 24 §2: why withdrawals wait (decision 0045). */
export const withdrawalHoldReasons = ['trade_url', 'password', 'phone', 'new_device'] as const;
export const withdrawalHoldSchema = z.object({ id: int, reason: z.enum(withdrawalHoldReasons), createdAt: text, until: text });
export type WithdrawalHold = z.infer<typeof withdrawalHoldSchema>;
/** One player's view: the first page of each list (the player's own pages hold the rest). */
export const adminPlayerDetail = z.object({
  player: adminPlayerSchema.extend({ secondaryFen: int }),
  sessions: z.array(adminPlayerSessionSchema),
  ledger: z.array(adminLedgerEntrySchema),
  items: z.array(adminPlayerItemSchema),
  itemsTotal: int,
  rolls: z.array(adminPlayerRollSchema),
  deposits: z.array(adminPlayerDepositSchema),
  /** Limits, cool-off and self-exclusion (issue 18): read-only; no console call lifts or shortens them. */
  protection: protectionStateSchema,
  /** Withdrawal holds in force (issue 24 §2), soonest end first; support may release one. */
  withdrawalHolds: z.array(withdrawalHoldSchema).default([]),
});
export type AdminPlayerDetail = z.infer<typeof adminPlayerDetail>;

export const playerIdParams = z.object({ id: idParam });
export const playerFreezeParams = z.object({
  id: idParam,
  frozen: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()),
  reason: reasonParam,
});
export const playerEndSessionsParams = z.object({ id: idParam, reason: reasonParam });
/** Largest single adjustment: ¥1,000,000 (a typo of a few zeros should not pass). */
export const ADJUST_MAX_FEN = 100_000_000;
export const playerAdjustParams = z.object({
  id: idParam,
  kind: z.enum(['coin', 'point']),
  /** Signed fen: positive credits the player, negative debits (never below zero). */
  amountFen: intParam(-ADJUST_MAX_FEN, ADJUST_MAX_FEN).refine((n) => n !== 0, { error: '调整金额不能为0' }),
  reason: reasonParam,
});
export const playerAdjustResult = z.object({ coinFen: int, pointFen: int, transferId: int });

/** spec §4 retrieval states. */
export const withdrawalStates = [0, 1, 2, 3, 4] as const;
export const withdrawalListParams = pagingParams.extend({
  state: smallFilterParam.default(-1),
  userId: idParam.optional(),
  /** Only withdrawals requested more than this many minutes ago (the stuck ones). */
  olderThanMinutes: intParam(1, 525_600).optional(),
  /** Only withdrawals waiting for risk review (issue 24 §4). */
  awaitingReview: boolParam.optional(),
});
export const adminWithdrawalSchema = z.object({
  id: int,
  userId: int,
  nickname: nullableText,
  inventoryItemId: int,
  itemName: text,
  recoveryPriceFen: int,
  state: int,
  remark: nullableText,
  attempts: int,
  tradeUrl: text,
  createdAt: text,
  updatedAt: text,
  /** Seconds since the request (open) or that it took (finished). */
  ageSeconds: int,
  /** The Steam trade offer that delivers it (the bot's, or the one an operator recorded); null: none yet. */
  tradeOfferId: nullableText,
  /** Why it waits for risk review (issue 24 §4); null: it did not need one. */
  reviewReason: nullableText,
  /** Set once an operator approved or rejected the review. */
  reviewedBy: nullableInt,
  reviewedAt: nullableText,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPage = pageSchema(adminWithdrawalSchema);
export const withdrawalIdParams = z.object({ id: idParam });
export const withdrawalFailParams = z.object({ id: idParam, reason: reasonParam });
/** Complete by hand (manual mode): the Steam trade offer id the operator sent the item with (digits only). */
export const withdrawalCompleteParams = z.object({
  id: idParam,
  tradeOfferId: z
    .string({ error: '请填写 Steam 交易报价编号' })
    .trim()
    .regex(/^[1-9]\d{0,19}$/, { error: 'Steam 交易报价编号只能是数字（交易报价链接 tradeoffer/ 后面的数字）' }),
});

export const withdrawalActionResult = z.object({ id: int, state: int });
export const endSessionsResult = z.object({ ended: int });

/** Release one hold early (the player proved who they are to support): the reason goes to the audit log. */
export const releaseWithdrawalHoldParams = z.object({ id: idParam, reason: reasonParam });
export const releaseWithdrawalHoldResult = z.object({ id: int, userId: int, releasedAt: text });

/** issue 24 §4: an operator approves (fulfilment continues) or rejects (the item returns) a held withdrawal. */
export const withdrawalReviewParams = z.object({ id: idParam });
export const withdrawalReviewRejectParams = z.object({ id: idParam, reason: reasonParam });

/** The longest hold the console accepts: a week. */
export const WITHDRAWAL_HOLD_HOURS_MAX = 168;
/** The withdrawal guard's settings (issue 24 §2 and §4, decision 0045); 0 turns a rule off. */
export const withdrawalRulesSchema = z.object({
  /** Hours withdrawals wait after a security change or a new-device login. */
  holdHours: intParam(0, WITHDRAWAL_HOLD_HOURS_MAX),
  /** A request worth more than this (fen, the items' recovery prices) waits for review. */
  reviewAboveFen: intParam(0, 100_000_000),
  /** A request that takes the player past this many items in one Beijing day waits for review. */
  reviewDailyCount: intParam(0, 1_000),
});
export type WithdrawalRules = z.infer<typeof withdrawalRulesSchema>;
export const withdrawalRulesParams = withdrawalRulesSchema.extend({ reason: reasonParam });
