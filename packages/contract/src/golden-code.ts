import { z } from 'zod';
import { int, text } from './fields.js';
import { pagingParams } from './params.js';

/*
 * Contract schemas of the Golden Code feature. They live here until the lead moves them to
 * packages/contract/src/golden-code.ts (and exports them from the contract's index); nothing here
 * depends on the server.
 */

/** Stored form: 6–32 upper-case letters or digits (the table's CHECK repeats it). */
export const GOLDEN_CODE_PATTERN = /^[A-Z0-9]{6,32}$/;
export const GOLDEN_CODE_FORMAT_TEXT = 'Golden Code 格式错误，请输入6-32位字母或数字';

/**
 * What a player types: surrounding spaces are dropped and letters are upper-cased before the look-up,
 * so "spring2026" redeems "SPRING2026". Anything else (empty, too long, symbols) is refused by name.
 */
export const goldenCodeInput = z
  .string({ error: GOLDEN_CODE_FORMAT_TEXT })
  .trim()
  .max(32, { error: GOLDEN_CODE_FORMAT_TEXT })
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(GOLDEN_CODE_PATTERN, { error: GOLDEN_CODE_FORMAT_TEXT }));

/** POST /api/redPacket/receive */
export const goldenCodeReceiveParams = z.object({ code: goldenCodeInput });

export const goldenCodeRewardTypeSchema = z.enum(['coin', 'item', 'box', 'coupon']);

/**
 * What the player got. `amount` is in fen: the coins credited for a coin reward, the item's recovery
 * value for an item, the box's price for a box. The names are the catalogue's (Chinese) names.
 */
export const goldenCodeRewardSchema = z.object({
  rewardType: goldenCodeRewardTypeSchema,
  amount: int,
  itemName: text.optional(),
  boxName: text.optional(),
  /** A coupon reward: its name (e.g. 开箱九折券). */
  couponName: text.optional(),
});
export type GoldenCodeReward = z.infer<typeof goldenCodeRewardSchema>;

/** GET /api/personalCenter/getMyGoldenCodePage */
export const goldenCodePageParams = pagingParams;

/** One of the player's redemptions; the code shows only its last 4 characters. */
export const goldenCodeRecordSchema = goldenCodeRewardSchema.extend({ id: int, code: text, createTime: text });
export type GoldenCodeRecord = z.infer<typeof goldenCodeRecordSchema>;
