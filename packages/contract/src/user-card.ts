import { z } from 'zod';
import { idParam } from './params.js';

/** GET /api/user/publicCard: any player's public card; no login needed. */
export const userCardParams = z.object({ userId: idParam });

/** One of the player's best drops from the live feed (by value). */
export const userCardDropSchema = z.object({
  giftName: z.string(),
  giftImage: z.string().nullable(),
  grade: z.number().int(),
  recoveryPrice: z.number().int(),
  /** Event type of the source: 21 case, 22 dream, 23 battle. */
  sourceType: z.number().int(),
  createTime: z.string(),
  /** A seeded or sandbox row, shown labelled as demo (decision 0017). */
  demo: z.boolean(),
});
export type UserCardDrop = z.infer<typeof userCardDropSchema>;

/**
 * What anyone may see of a player. Deliberately no balance, phone, mail, Steam id, trade URL, real name
 * or invitation data: the schema is the allow-list, and the response is parsed by it before it leaves.
 */
export const userCardSchema = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  headPic: z.string().nullable(),
  /** The equipped avatar frame (virtual goods): its image or colour; null when none. */
  avatarFrame: z.string().nullable(),
  /** The equipped name colour; null when none. */
  nameColor: z.string().nullable(),
  /** VIP grade. */
  grade: z.number().int(),
  bestDrops: z.array(userCardDropSchema),
  battles: z.object({ played: z.number().int(), won: z.number().int() }),
});
export type UserCard = z.infer<typeof userCardSchema>;
