import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { errorCatalogue } from './errors.js';
import { intParam } from './params.js';
import { mobileSchema, passwordSchema, smsCodeSchema } from './auth.js';

const zhError = (code: keyof typeof errorCatalogue) => ({ error: errorCatalogue[code].zh });

/** GET /api/personalCenter/userInfo. Money in fen; images relative. */
export const userInfoSchema = z.object({
  id: int,
  nickname: text,
  avatar: nullableText,
  /** Masked: 138****1234. */
  mobile: nullableText,
  email: nullableText,
  tradeUrl: nullableText,
  balance: int,
  /** Integral points, same value as coins, spent after coins (spec §1). */
  integral: int,
  secondaryBalance: int,
  grade: int,
  verified: bool,
  steamId: nullableText,
  inviter: z.object({ id: int, nickname: text }).nullable(),
  hasPassword: bool,
  securityWay: nullableInt,
  canSpend: bool,
  createTime: text,
  /**
   * Withdrawals wait until this moment (ISO) after a trade link, password or phone change or a login from a
   * new device (issue 24 §2); null: no hold in force.
   */
  withdrawalHoldUntil: nullableText.default(null),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const nicknameSchema = z
  .string()
  .trim()
  .regex(/^[\u4e00-\u9fa5A-Za-z0-9_\-·]{2,16}$/, zhError('NICKNAME_INVALID'));
export const modifyNicknameParams = z.object({ nickname: nicknameSchema });

export const avatarPickParams = z.object({
  avatar: z.string({ error: errorCatalogue.AVATAR_REQUIRED.zh }).min(1, zhError('AVATAR_REQUIRED')).max(200),
});
export const avatarResultSchema = z.object({ avatar: text });

export const emailSchema = z.string().trim().toLowerCase().max(100).email(zhError('EMAIL_INVALID'));
/**
 * bindMail: a code to a new address, after a slider pass like an SMS send (issue 24 §8: otherwise any
 * account could make us mail any address); security: a code to the user's own address for a security
 * check, which can only reach the owner and needs no slider.
 */
export const mailCodeParams = z
  .object({
    email: emailSchema,
    type: z.enum(['bindMail', 'security']).default('bindMail'),
    captchaVerification: z.string().min(1).max(200).optional(),
  })
  .refine((p) => p.type === 'security' || p.captchaVerification !== undefined, {
    ...zhError('SLIDER_REQUIRED'),
    path: ['captchaVerification'],
  });
/**
 * Binding or changing the email needs the mail code AND a security check passed with the bound phone
 * (issue 9 §5); only an account with no phone binds its first email on the mail code alone.
 */
export const bindMailParams = z.object({ email: emailSchema, code: smsCodeSchema, securityToken: z.string().min(1).max(100).optional() });
export const changeMailParams = z.object({ email: emailSchema, code: smsCodeSchema, securityToken: z.string().min(1).max(100) });

/** Old number's code (userSmsCode type changePhone) and the new number's code (smsCode type bindPhone). */
export const changePhoneParams = z.object({ oldCode: smsCodeSchema, mobile: mobileSchema, newCode: smsCodeSchema });

const TRADE_URL = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=(\d{1,10})&token=([A-Za-z0-9_-]{6,16})$/;
/** SteamID64 of account id 0 (individual, public universe): SteamID64 − this = the 32-bit account id. */
const STEAM_ID64_BASE = 76561197960265728n;

/**
 * A Steam trade link, https://steamcommunity.com/tradeoffer/new/?partner=<account id>&token=<token>, parsed
 * strictly: exactly these two parameters in this order, the partner a 32-bit account id (1 … 2³²−1, the
 * SteamID64 minus 76561197960265728), the token what Steam issues. Null for anything else.
 */
export function parseTradeUrl(url: string): { partnerAccountId: number; token: string } | null {
  const m = TRADE_URL.exec(url.trim());
  if (!m) return null;
  const partnerAccountId = Number(m[1]);
  if (partnerAccountId < 1 || partnerAccountId > 0xffffffff) return null;
  return { partnerAccountId, token: m[2]! };
}

/** The 32-bit account id of a SteamID64 (what a trade link's `partner` names); null when it is not one. */
export function steamAccountIdOf(steamId64: string): number | null {
  if (!/^\d{17}$/.test(steamId64)) return null;
  const id = BigInt(steamId64) - STEAM_ID64_BASE;
  return id >= 1n && id <= 0xffffffffn ? Number(id) : null;
}

/** A Steam trade-offer URL with partner and token (spec §5). */
export const tradeUrlSchema = z
  .string()
  .trim()
  .refine((url) => parseTradeUrl(url) !== null, zhError('TRADE_URL_INVALID'));
/**
 * Replacing a trade link needs a security check (issue 24 §1, the same single-use ticket as changeMail); the
 * first link of an account needs none.
 */
export const tradeUrlParams = z.object({
  tradeUrl: z.string({ error: errorCatalogue.TRADE_URL_INVALID.zh }).pipe(tradeUrlSchema),
  securityToken: z.string().min(1).max(100).optional(),
});

/** Security ways: 0 phone (SMS), 1 mail. */
export const securityWayParam = z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]));
export const securityCheckParams = z.object({ type: securityWayParam, code: smsCodeSchema });
export const securityTokenSchema = z.object({ securityToken: text, expiresIn: int });
export const securityWaySchema = z.object({ type: int, target: text, preferred: bool });
export const bindSecurityWayParams = z.object({ type: securityWayParam, securityToken: z.string().min(1).max(100) });
/** Sets or replaces the login password after a security check (e.g. an account made through Steam). */
export const modifySecretParams = z.object({ securityToken: z.string().min(1).max(100), password: passwordSchema });
export const cancelAccountParams = z.object({ code: smsCodeSchema });

export const headPicListSchema = z.array(text);
export const pageParamsSchema = z.object({ page: intParam(1, 1_000_000).default(1) });
