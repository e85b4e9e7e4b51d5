import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { errorCatalogue } from './errors.js';
import { intParam } from './params.js';
import { promotionCodeSchema } from './auth.js';

export const gradeInfoSchema = z.object({
  grade: int,
  gradeName: text,
  /** Experience = fen deposited. */
  exp: int,
  nextGrade: nullableInt,
  nextExp: nullableInt,
  grades: z.array(
    z.object({
      grade: int,
      name: text,
      expMin: int,
      levelReward: int,
      /** Points granted on reaching the grade (fen; spent in games after coins). */
      levelPoints: int.default(0),
      freeBoxes: int,
      rechargeBonusBp: int,
      rebateBoostBp: int,
      received: bool,
    }),
  ),
});

/** The partner page (spec §3 "Promotion data"). */
export const promotionInfoSchema = z.object({
  invitationCode: text,
  link: text,
  upInvitationCode: nullableText,
  promotionGrade: int,
  promotionGradeName: text,
  rebateRate: int,
  nextPromotionExp: nullableInt,
  accumulatedRegisterCount: int,
  accumulatedRechargeAmount: int,
  accumulatedRebateAmount: int,
  codeChangeable: bool,
});
export const invitationCodeParams = z.object({ invitationCode: promotionCodeSchema });
export const bindInviterParams = z.object({ invitationCode: promotionCodeSchema });

export const promotionChannelSchema = z.object({ channelCode: text, channelName: text, channelPlatform: text });

/** Moves the secondary balance into coins, 1:1, at least ¥1 (docs/decisions/0011). */
export const transferSecondaryParams = z.object({
  amount: intParam(100, 100_000_000).refine((v) => Number.isInteger(v), { error: errorCatalogue.AMOUNT_INVALID.zh }),
});
export const transferSecondaryResultSchema = z.object({ balance: int, secondaryBalance: int });
