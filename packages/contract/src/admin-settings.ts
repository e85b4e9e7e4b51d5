import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { promotionCodeSchema } from './auth.js';
import { boolParam, intParam, noNul } from './params.js';
import { jsonArray, reasonParam } from './shared-params.js';

/**
 * Issue 27 §5: the site settings an operator changes without a release. Each is owned by the feature that
 * uses it (the daily top-up tiers by payments, the site switches by common, the default invitation code by
 * promotion, the customer-service details by content) and stored in site_settings; every save is audited.
 */

/** The console's forms leave an empty field out: absent means ''. */
const emptyWhenAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? '', schema);

/** Written in a public text where the first-deposit percent in force should appear ("首充加赠 {firstDepositPercent}%"). */
export const FIRST_DEPOSIT_PERCENT_TOKEN = '{firstDepositPercent}';

// ------------------------------------------------------------------------------ daily top-up (payments)

/** Bounds of the daily top-up tiers (docs/OPERATIONS.md, Promotions → 每日充值奖励). */
export const dailyTopUpBounds = {
  tiersMax: 10,
  minDepositFenMin: 100,
  minDepositFenMax: 100_000_000,
  /** A tier's reward is at most this share of its threshold, in basis points: a slip of the decimal point is refused. */
  rewardShareBpMax: 1_000,
} as const;

export const dailyTopUpTierSchema = z.object({
  minDepositFen: intParam(dailyTopUpBounds.minDepositFenMin, dailyTopUpBounds.minDepositFenMax),
  rewardFen: intParam(1, dailyTopUpBounds.minDepositFenMax),
});
export type DailyTopUpTier = z.infer<typeof dailyTopUpTierSchema>;

/** Why a list of tiers is refused (null: fine): thresholds strictly rising, rewards not falling, each reward bounded. */
export function dailyTopUpTiersProblem(tiers: DailyTopUpTier[]): string | null {
  for (const [i, t] of tiers.entries()) {
    const before = tiers[i - 1];
    if (before && t.minDepositFen <= before.minDepositFen) return '充值门槛必须逐档严格递增';
    if (before && t.rewardFen < before.rewardFen) return '奖励金额不能低于上一档';
    if (t.rewardFen * 10_000 > t.minDepositFen * dailyTopUpBounds.rewardShareBpMax) return '每档奖励不能超过该档充值金额的10%';
  }
  return null;
}

export const dailyTopUpTiersSchema = z.array(dailyTopUpTierSchema).min(1).max(dailyTopUpBounds.tiersMax);

export const dailyTopUpParams = z
  .object({
    tiers: jsonArray(z.array(dailyTopUpTierSchema.strict()).min(1, { error: '至少保留一档' }).max(dailyTopUpBounds.tiersMax)),
    reason: reasonParam,
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = dailyTopUpTiersProblem(v.tiers);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['tiers'] });
  });

// ------------------------------------------------------------------------------- site switches (common)

export const PUBLIC_TEXT_MAX = 500;

/** Spec §3: the exchange option shows when switchBalanceType is false; the public notice when showPublicText is true. */
export const siteSwitchesSchema = z.object({ switchBalanceType: bool, showPublicText: bool, publicText: text });
export type SiteSwitches = z.infer<typeof siteSwitchesSchema>;

export const siteSwitchesParams = z
  .object({
    switchBalanceType: boolParam,
    showPublicText: boolParam,
    publicText: emptyWhenAbsent(
      z
        .string()
        .trim()
        .max(PUBLIC_TEXT_MAX, { error: `公告不超过${PUBLIC_TEXT_MAX}字` })
        .refine(noNul),
    ),
    reason: reasonParam,
  })
  .strict()
  .refine((v) => !v.showPublicText || v.publicText.length > 0, { error: '显示公告时请填写公告内容', path: ['publicText'] });

// ------------------------------------------------------------------------ default invitation (promotion)

/** Pre-filled at sign-up when the visitor brought no code; '' for none. */
export const defaultInvitationSchema = z.object({ invitationCode: text });

export const defaultInvitationParams = z
  .object({
    invitationCode: emptyWhenAbsent(z.union([z.literal(''), promotionCodeSchema])),
    reason: reasonParam,
  })
  .strict();

// --------------------------------------------------------------------------- customer service (content)

export const supportContactBounds = { emailMax: 120, urlMax: 500, hoursMax: 80, replyHoursMin: 1, replyHoursMax: 168 } as const;

/** The contact ways players see on /docs/support; `placeholder` says the address or link is still an example one. */
export const supportContactSchema = z.object({
  email: text,
  chatUrl: nullableText,
  hoursZh: text,
  hoursEn: text,
  replyWithinHours: int,
  /** False while the values are the SUPPORT_* environment's (no console save yet). */
  saved: bool,
  placeholder: bool,
});
export type SupportContact = z.infer<typeof supportContactSchema>;

const hours = z
  .string()
  .trim()
  .min(1, { error: '请填写服务时间' })
  .max(supportContactBounds.hoursMax, { error: `服务时间不超过${supportContactBounds.hoursMax}字` })
  .refine(noNul);

export const supportContactParams = z
  .object({
    email: z
      .string()
      .trim()
      .max(supportContactBounds.emailMax)
      .pipe(z.email({ error: '请填写有效的客服邮箱' })),
    /** '' for none; otherwise an https address. */
    chatUrl: emptyWhenAbsent(
      z.union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(supportContactBounds.urlMax)
          .pipe(z.url({ protocol: /^https$/, error: '在线客服链接须为 https:// 地址' })),
      ]),
    ),
    hoursZh: hours,
    hoursEn: hours,
    replyWithinHours: intParam(supportContactBounds.replyHoursMin, supportContactBounds.replyHoursMax),
    reason: reasonParam,
  })
  .strict();

/**
 * An address nobody answers: the documentation domains of RFC 2606 / RFC 6761 (example, test, invalid,
 * localhost) and the example.com family. Issue 27 §6: production must not show players such an address.
 */
export function isPlaceholderContact(value: string): boolean {
  const at = value.lastIndexOf('@');
  let host = at >= 0 ? value.slice(at + 1) : value;
  if (at < 0) {
    try {
      host = new URL(value).hostname;
    } catch {
      return false;
    }
  }
  host = host.toLowerCase().replace(/\.$/, '');
  return /(^|\.)(example|test|invalid|localhost)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);
}
