import { z } from 'zod';
import { int, nullableInt, nullableText, text } from './fields.js';
import { boolParam, intParam } from './params.js';

/** The player's explicit "I understand it cannot be undone"; anything but true is refused. */
const confirmed = boolParam.refine((v) => v === true, { message: '请确认您已了解此操作无法撤销' });

/**
 * Player protection (issue 18, decision 0042): limits, cool-off and self-exclusion. Money is integer fen;
 * the session limit is in minutes. A lowered or new limit applies at once; a raise or removal waits 24 hours.
 */
export const protectionLimitKinds = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'session_minutes',
] as const;
export type ProtectionLimitKind = (typeof protectionLimitKinds)[number];

/** Bounds: money limits ¥1 – ¥10,000,000 (fen, fits the bigint column); session 5 minutes – 24 hours. */
export const PROTECTION_MONEY_MAX_FEN = 1_000_000_000;
export const PROTECTION_SESSION_MINUTES = { min: 5, max: 1440 } as const;
/** Cool-off: 1 to 42 days (24 hours to 6 weeks). Self-exclusion: 6, 12 or 60 months. */
export const COOL_OFF_DAYS = { min: 1, max: 42 } as const;
export const selfExclusionMonths = [6, 12, 60] as const;

/** POST /api/protection/setLimit: `value` empty or absent removes the limit (after 24 hours). */
export const setLimitParams = z
  .object({
    kind: z.enum(protectionLimitKinds),
    value: z.preprocess((v) => (v === '' || v === null ? undefined : v), intParam(1, PROTECTION_MONEY_MAX_FEN).optional()),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (
      p.kind === 'session_minutes' &&
      p.value !== undefined &&
      (p.value < PROTECTION_SESSION_MINUTES.min || p.value > PROTECTION_SESSION_MINUTES.max)
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: '单次登录时长限制需在 5 至 1440 分钟之间' });
    }
    if (p.kind !== 'session_minutes' && p.value !== undefined && p.value < 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: '金额限额至少为 ¥1' });
    }
  });

/** POST /api/protection/coolOff. `confirm` must be true: it cannot be undone. */
export const coolOffParams = z.object({ days: intParam(COOL_OFF_DAYS.min, COOL_OFF_DAYS.max), confirm: confirmed }).strict();
/** POST /api/protection/selfExclude. */
export const selfExcludeParams = z
  .object({
    months: intParam(6, 60).refine((m) => (selfExclusionMonths as readonly number[]).includes(m), {
      message: '自我排除期限只能是 6、12 或 60 个月',
    }),
    confirm: confirmed,
  })
  .strict();

export const protectionLimitSchema = z.object({
  kind: z.enum(protectionLimitKinds),
  /** In force now; null: none. */
  value: nullableInt,
  /** A raise or removal waiting for its 24 hours: the value it will have (null with pendingAt: removal). */
  pendingValue: nullableInt,
  pendingAt: nullableText,
  /** How much of the window is used now (fen; minutes for the session), and when the window resets. */
  usedNow: int,
  resetsAt: nullableText,
});
export type ProtectionLimit = z.infer<typeof protectionLimitSchema>;

export const protectionStateSchema = z.object({
  limits: z.array(protectionLimitSchema),
  exclusion: z.object({ kind: z.enum(['cool_off', 'self_exclusion']), startedAt: text, until: text }).nullable(),
});
export type ProtectionState = z.infer<typeof protectionStateSchema>;
