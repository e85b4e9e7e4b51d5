import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { idParam, intParam, pagingParams } from './params.js';
import { reasonParam } from './shared-params.js';

/**
 * Insider limits (issue 24 §11, decision 0048): what one operator may create alone in a Beijing day, which
 * single actions need a second operator, and the ceiling on a box's declared return. Money is integer fen.
 */

/** The console actions that create value, each with its own daily cap and approval threshold. */
export const valueKinds = ['redPacket', 'coupon', 'goldenCode', 'balanceCredit', 'officialGiveaway'] as const;
export const valueKindSchema = z.enum(valueKinds);
export type ValueKind = z.infer<typeof valueKindSchema>;

/** A cap or threshold may not exceed ¥1,000,000 (the largest single balance adjustment). */
export const LIMIT_MAX_FEN = 100_000_000;
/** A box's declared return may be capped anywhere from 50 % to 100 % of its price. */
export const RETURN_CEILING_MIN_BP = 5_000;
export const RETURN_CEILING_MAX_BP = 10_000;
/** A request not decided within this time expires (decision 0048). */
export const APPROVAL_VALID_MS = 24 * 3_600_000;

export const kindLimitSchema = z.object({
  kind: valueKindSchema,
  /** What one operator may create of this kind in a Beijing day, counted alone and as approver. */
  capFen: int,
  /** A single action worth more than this waits for a second operator's approval. */
  approvalAboveFen: int,
});
export type KindLimit = z.infer<typeof kindLimitSchema>;

export const limitSettingsSchema = z.object({
  kinds: z.array(kindLimitSchema),
  /** A box whose declared return (expected return ÷ price) is above this cannot be saved or published. */
  boxReturnCeilingBp: int,
  /** The values used when nothing was saved (decision 0048). */
  defaults: z.object({ kinds: z.array(kindLimitSchema), boxReturnCeilingBp: int }),
  updatedAt: nullableText,
});
export type LimitSettings = z.infer<typeof limitSettingsSchema>;

const capParam = intParam(0, LIMIT_MAX_FEN);

/** POST /api/admin/limits/settings: every value at once (the console posts a form), with a reason. */
export const limitSettingsParams = z
  .object({
    redPacketCapFen: capParam,
    redPacketApprovalFen: capParam,
    couponCapFen: capParam,
    couponApprovalFen: capParam,
    goldenCodeCapFen: capParam,
    goldenCodeApprovalFen: capParam,
    balanceCreditCapFen: capParam,
    balanceCreditApprovalFen: capParam,
    officialGiveawayCapFen: capParam,
    officialGiveawayApprovalFen: capParam,
    boxReturnCeilingBp: intParam(RETURN_CEILING_MIN_BP, RETURN_CEILING_MAX_BP),
    reason: reasonParam,
  })
  .strict()
  .superRefine((v, ctx) => {
    for (const kind of valueKinds)
      if (v[`${kind}ApprovalFen`] > v[`${kind}CapFen`])
        ctx.addIssue({ code: 'custom', path: [`${kind}ApprovalFen`], message: '审批门槛不能高于每日额度' });
  });
export type LimitSettingsParams = z.output<typeof limitSettingsParams>;

// ---------------------------------------------------------------------------------------- approvals

export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

const operatorRef = z.object({ id: int, name: text });

export const approvalRequestSchema = z.object({
  id: int,
  kind: valueKindSchema,
  valueFen: int,
  /** What the requester submitted (a giveaway's password shows only as `true`). */
  params: z.record(text, z.unknown()),
  status: approvalStatusSchema,
  requestedBy: operatorRef,
  requestedAt: text,
  expiresAt: text,
  decidedBy: operatorRef.nullable(),
  decidedAt: nullableText,
  /** The rejecting operator's reason. */
  decisionNote: nullableText,
  /** What the approved action created (voucher, code, transfer or giveaway id). */
  targetId: nullableText,
  /** The caller may approve or reject it: pending, not theirs, and their role holds the action's permission. */
  canDecide: bool,
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;
export const approvalRequestPage = pageSchema(approvalRequestSchema);

/** What a value-creating call answers when the action waits for a second operator instead of running. */
export const approvalPendingSchema = z.object({ approval: approvalRequestSchema });
export type ApprovalPending = z.infer<typeof approvalPendingSchema>;
/** A value-creating call's answer: the action's result, or the request it became. */
export const orApprovalPending = <T extends z.ZodType>(result: T) => z.union([approvalPendingSchema, result]);
export const isApprovalPending = (value: unknown): value is ApprovalPending =>
  typeof value === 'object' && value !== null && 'approval' in value;

export const approvalListParams = pagingParams.extend({
  status: z.enum(['all', ...approvalStatuses]).default('pending'),
});
export const approvalApproveParams = z.object({ id: idParam }).strict();
export const approvalRejectParams = z.object({ id: idParam, reason: reasonParam }).strict();

// ---------------------------------------------------------------------------------- value created today

export const operatorValueSchema = z.object({
  kind: valueKindSchema,
  /** Created by this operator's own actions (alone, or approved by someone else). */
  ownFen: int,
  /** Created by others' actions this operator approved. */
  cosignedFen: int,
  /** ownFen + cosignedFen: what counts against this operator's cap. */
  countedFen: int,
});
export const limitsTodaySchema = z.object({
  /** YYYY-MM-DD, the Beijing day the caps count. */
  day: text,
  kinds: z.array(kindLimitSchema),
  operators: z.array(z.object({ operatorId: int, name: text, values: z.array(operatorValueSchema) })),
  /** Value created today per kind, each action once (the sum of ownFen). */
  totals: z.array(z.object({ kind: valueKindSchema, createdFen: int })),
  pendingApprovals: int,
});
export type LimitsToday = z.infer<typeof limitsTodaySchema>;
