import { z } from 'zod';
import { protectionStateSchema } from './protection.js';
import { pageSchema } from './envelope.js';
import { boolParam, idParam, intParam, noNul, pagingParams, smallFilterParam } from './params.js';

/**
 * Operator console screens 5 (withdrawals) and 6 (players), issue 16. Money is integer fen; a change that
 * moves money or locks an account carries a reason, which the audit log keeps with its before and after.
 */

/** Why an operator acted: shown in the audit log (and to nobody else). */
const reasonParam = z.string().trim().min(2, { error: '请填写原因（至少2个字）' }).max(200, { error: '原因不超过200字' }).refine(noNul);

export const playerStatuses = ['active', 'frozen', 'cancelled'] as const;
export type PlayerStatus = (typeof playerStatuses)[number];

export const playerSearchParams = pagingParams.extend({
  /** A player id, a full mobile number, or part of a nickname. */
  q: z.string().trim().max(32).refine(noNul).optional(),
  status: z.enum(playerStatuses).optional(),
});

export const adminPlayerSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** Masked like the player's own page: the number finds the player, the console never shows it whole. */
  mobile: z.string().nullable(),
  status: z.enum(playerStatuses),
  isBot: z.boolean(),
  minor: z.boolean(),
  verified: z.boolean(),
  createdAt: z.string(),
  coinFen: z.number().int(),
  pointFen: z.number().int(),
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;
export const adminPlayerPage = pageSchema(adminPlayerSchema);

export const adminPlayerSessionSchema = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  /** 0 coins, 1 points, 2 secondary. */
  balanceType: z.number().int(),
  changeFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  at: z.string(),
});
export const adminPlayerItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** in_backpack, retrieving, retrieved, exchanged, used, escrowed. */
  state: z.string(),
  recoveryPriceFen: z.number().int(),
  createdAt: z.string(),
});
export const adminPlayerRollSchema = z.object({
  id: z.number().int(),
  boxName: z.string(),
  itemName: z.string(),
  pricePaidFen: z.number().int(),
  rollCode: z.number(),
  at: z.string(),
});
export const adminPlayerDepositSchema = z.object({
  orderNo: z.string(),
  amountFen: z.number().int(),
  /** 0 processing, 1 completed, 2 cancelled. */
  state: z.number().int(),
  channel: z.string(),
  at: z.string(),
});

/** issue 24 §2: why withdrawals wait (decision 0045). */
export const withdrawalHoldReasons = ['trade_url', 'password', 'phone', 'new_device'] as const;
export const withdrawalHoldSchema = z.object({
  id: z.number().int(),
  reason: z.enum(withdrawalHoldReasons),
  createdAt: z.string(),
  until: z.string(),
});
export type WithdrawalHold = z.infer<typeof withdrawalHoldSchema>;
/** One player's view: the first page of each list (the player's own pages hold the rest). */
export const adminPlayerDetail = z.object({
  player: adminPlayerSchema.extend({ secondaryFen: z.number().int() }),
  sessions: z.array(adminPlayerSessionSchema),
  ledger: z.array(adminLedgerEntrySchema),
  items: z.array(adminPlayerItemSchema),
  itemsTotal: z.number().int(),
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
export const playerAdjustResult = z.object({
  coinFen: z.number().int(),
  pointFen: z.number().int(),
  transferId: z.number().int(),
});

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
  id: z.number().int(),
  userId: z.number().int(),
  nickname: z.string().nullable(),
  inventoryItemId: z.number().int(),
  itemName: z.string(),
  recoveryPriceFen: z.number().int(),
  state: z.number().int(),
  remark: z.string().nullable(),
  attempts: z.number().int(),
  tradeUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Seconds since the request (open) or that it took (finished). */
  ageSeconds: z.number().int(),
  /** The Steam trade offer that delivers it (the bot's, or the one an operator recorded); null: none yet. */
  tradeOfferId: z.string().nullable(),
  /** Why it waits for risk review (issue 24 §4); null: it did not need one. */
  reviewReason: z.string().nullable(),
  /** Set once an operator approved or rejected the review. */
  reviewedBy: z.number().int().nullable(),
  reviewedAt: z.string().nullable(),
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

export const withdrawalActionResult = z.object({ id: z.number().int(), state: z.number().int() });
export const endSessionsResult = z.object({ ended: z.number().int() });

/** Release one hold early (the player proved who they are to support): the reason goes to the audit log. */
export const releaseWithdrawalHoldParams = z.object({ id: idParam, reason: reasonParam });
export const releaseWithdrawalHoldResult = z.object({ id: z.number().int(), userId: z.number().int(), releasedAt: z.string() });

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
