import { z } from 'zod';
import { errorCatalogue } from './errors.js';
import { intParam } from './params.js';
import { promotionCodeSchema } from './auth.js';

export const gradeInfoSchema = z.object({
  grade: z.number().int(),
  gradeName: z.string(),
  /** Experience = fen deposited. */
  exp: z.number().int(),
  nextGrade: z.number().int().nullable(),
  nextExp: z.number().int().nullable(),
  grades: z.array(
    z.object({
      grade: z.number().int(),
      name: z.string(),
      expMin: z.number().int(),
      levelReward: z.number().int(),
      /** Points granted on reaching the grade (fen; spent in games after coins). */
      levelPoints: z.number().int().default(0),
      freeBoxes: z.number().int(),
      rechargeBonusBp: z.number().int(),
      rebateBoostBp: z.number().int(),
      received: z.boolean(),
    }),
  ),
});

/** The partner page (spec §3 "Promotion data"). */
export const promotionInfoSchema = z.object({
  invitationCode: z.string(),
  link: z.string(),
  upInvitationCode: z.string().nullable(),
  promotionGrade: z.number().int(),
  promotionGradeName: z.string(),
  rebateRate: z.number().int(),
  nextPromotionExp: z.number().int().nullable(),
  accumulatedRegisterCount: z.number().int(),
  accumulatedRechargeAmount: z.number().int(),
  accumulatedRebateAmount: z.number().int(),
  codeChangeable: z.boolean(),
});
export const invitationCodeParams = z.object({ invitationCode: promotionCodeSchema });
export const bindInviterParams = z.object({ invitationCode: promotionCodeSchema });

export const promotionChannelSchema = z.object({ channelCode: z.string(), channelName: z.string(), channelPlatform: z.string() });

/** Moves the secondary balance into coins, 1:1, at least ¥1 (docs/decisions/0011). */
export const transferSecondaryParams = z.object({
  amount: intParam(100, 100_000_000).refine((v) => Number.isInteger(v), { error: errorCatalogue.AMOUNT_INVALID.zh }),
});
export const transferSecondaryResultSchema = z.object({ balance: z.number().int(), secondaryBalance: z.number().int() });
