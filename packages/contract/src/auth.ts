import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { errorCatalogue } from './errors.js';
import { boolParam, idParam, intParam, tokenParam } from './params.js';
import { optionalClientSeed } from './fairness.js';

const zhError = (code: keyof typeof errorCatalogue) => ({ error: errorCatalogue[code].zh });

/** Mainland mobile numbers only (security.md: SMS pumping). */
export const mobileSchema = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, zhError('MOBILE_INVALID'));
/** 8–32 characters, at least one letter and one digit, no spaces (docs/decisions/0008). */
export const passwordSchema = z.string().regex(/^(?=.*[A-Za-z])(?=.*\d)\S{8,32}$/, zhError('PASSWORD_WEAK'));
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, zhError('SMS_CODE_FORMAT'));
/** spec §5: promotion / invitation codes are 6–15 letters and digits. */
export const promotionCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{6,15}$/, zhError('PROMOTION_CODE_FORMAT'));
const optionalCode = z.preprocess((v) => (v === '' || v === null ? undefined : v), promotionCodeSchema.optional());
const optionalChannel = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
);
const mustBeTrue = (code: keyof typeof errorCatalogue) =>
  z.preprocess(
    (v) => (v === undefined ? false : v),
    boolParam.refine((v) => v, zhError(code)),
  );

export const signUpParams = z.object({
  mobile: mobileSchema,
  password: passwordSchema,
  code: smsCodeSchema,
  /** The 18+ confirmation and the terms/privacy acceptance (spec §5). */
  adult: mustBeTrue('ADULT_REQUIRED'),
  agreement: mustBeTrue('AGREEMENT_REQUIRED'),
  invitationCode: optionalCode,
  promoteCode: optionalCode,
  channelCode: optionalChannel,
  /** PF v1 §1: the browser's client seed for the new account's seed pairs (issue 24 §13). */
  clientSeed: optionalClientSeed,
});
export type SignUpParams = z.infer<typeof signUpParams>;

/** Every login may carry the browser's client seed: it is taken only by an active pair that has none. */
export const loginParams = z.object({ mobile: mobileSchema, password: z.string().min(1).max(64), clientSeed: optionalClientSeed });
export const smsLoginParams = z.object({ mobile: mobileSchema, code: smsCodeSchema, clientSeed: optionalClientSeed });
export const findPasswordParams = z.object({ mobile: mobileSchema, code: smsCodeSchema, password: passwordSchema });
export const changePasswordParams = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: passwordSchema,
  confirmPassword: z.string().min(1).max(64),
});

export const authResultSchema = z.object({
  token: text,
  userId: int,
  /** True when this call created the account. */
  register: bool,
});
export type AuthResult = z.infer<typeof authResultSchema>;

/** Slider check before any SMS (spec §5). */
export const sliderChallengeSchema = z.object({
  captchaId: text,
  /** PNG data URLs: the background with a hole, and the piece to drag. */
  background: text,
  piece: text,
  width: int,
  height: int,
  pieceSize: int,
  pieceY: int,
  expiresIn: int,
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;

/** trail: JSON array of [x, msSinceStart] samples of the drag. */
export const sliderVerifyParams = z.object({ captchaId: tokenParam(8, 64), x: intParam(0, 1000), trail: z.string().max(20_000) });
export const sliderVerifyResultSchema = z.object({ captchaVerification: text, expiresIn: int });

export const guestSmsPurposes = ['signUp', 'smsLogin', 'findPassword', 'bindPhone'] as const;
export const userSmsPurposes = ['changePhone', 'security', 'cancelAccount', 'verify'] as const;
export type SmsPurpose = (typeof guestSmsPurposes)[number] | (typeof userSmsPurposes)[number];

export const smsCodeParams = z.object({
  phone: mobileSchema,
  type: z.enum(guestSmsPurposes),
  captchaVerification: z.string({ error: errorCatalogue.SLIDER_REQUIRED.zh }).min(1, zhError('SLIDER_REQUIRED')),
});
export const userSmsCodeParams = z.object({
  type: z.enum(userSmsPurposes),
  captchaVerification: z.string({ error: errorCatalogue.SLIDER_REQUIRED.zh }).min(1, zhError('SLIDER_REQUIRED')),
});
/** Seconds until another code may be requested (the resend countdown, spec §4). */
export const smsSentSchema = z.object({ countdown: int });

export const steamLoginParams = z.object({
  callbackUrl: z.string().max(500).default('/'),
  promoteCode: optionalCode,
  channelCode: optionalChannel,
  /** The 18+ and terms confirmation ticked in the panel: needed when the Steam account is new here. */
  adult: boolParam.default(false),
});
export const steamExchangeParams = z.object({ code: z.string().min(16).max(100), clientSeed: optionalClientSeed });
/**
 * POST /api/auth/steamBind (logged in): linking Steam starts only from the account's own session, never
 * from a link (login CSRF, issue 9 §6). The answer's URL goes to Steam; a state cookie ties the return
 * to this browser and session.
 */
export const steamBindParams = z.object({ callbackUrl: z.string().max(500).default('/personal') });
export const steamBindStartSchema = z.object({ redirectUrl: text });

/** Chinese real name: 2–20 Han characters, with the middle dot of minority names. */
export const realNameSchema = z
  .string()
  .trim()
  .regex(/^[\u4e00-\u9fa5·]{2,20}$/, zhError('REAL_NAME_INVALID'));
export const idCardSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{17}[\dX]$/, zhError('ID_CARD_INVALID'));
export const certifyParams = z.object({ realName: realNameSchema, idCard: idCardSchema });
export const certifyStartSchema = z.object({ certifyId: text, redirectUrl: text });
/** GET /api/auth/certifyOptions: the real-name ways the configured provider offers, so the web shows only those. */
export const certifyOptionsSchema = z.object({
  /** Name, ID number and an SMS code, checked against the ID registry at once (auth/verify). */
  registry: bool,
  /** The provider's own page, e.g. a face check (auth/certify → certifyRedirect → certifyResult). */
  providerPage: bool,
});
export type CertifyOptions = z.infer<typeof certifyOptionsSchema>;
export const certifyIdParams = z.object({ certifyId: tokenParam(8, 64) });
export const certifyResultSchema = z.object({ certifyId: text, state: z.enum(['pending', 'passed', 'failed']), verified: bool });
export const verifyParams = z.object({ realName: realNameSchema, idCard: idCardSchema, smsCode: smsCodeSchema });

export const sessionInfoSchema = z.object({
  id: int,
  current: bool,
  ip: nullableText,
  userAgent: nullableText,
  createTime: text,
  lastSeenTime: text,
});
export const revokeSessionParams = z.object({ sessionId: idParam });
