import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { idParam } from './params.js';
import { giftDisplayShape, playerShape } from './shapes.js';

/** GET /api/user/publicCard: any player's public card; no login needed. */
export const userCardParams = z.object({ userId: idParam });

/** One of the player's best drops from the live feed (by value). */
export const userCardDropSchema = z.object({
  ...giftDisplayShape,
  /** Event type of the source: 21 case, 22 dream, 23 battle. */
  sourceType: int,
  createTime: text,
  /** A seeded or sandbox row, shown labelled as demo (decision 0017). */
  demo: bool,
});
export type UserCardDrop = z.infer<typeof userCardDropSchema>;

/**
 * What anyone may see of a player. Deliberately no balance, phone, mail, Steam id, trade URL, real name
 * or invitation data: the schema is the allow-list, and the response is parsed by it before it leaves.
 */
export const userCardSchema = z.object({
  userId: int,
  ...playerShape,
  /** The equipped avatar frame (virtual goods): its image or colour; null when none. */
  avatarFrame: nullableText,
  /** The equipped name colour; null when none. */
  nameColor: nullableText,
  /** VIP grade. */
  grade: int,
  bestDrops: z.array(userCardDropSchema),
  battles: z.object({ played: int, won: int }),
});
export type UserCard = z.infer<typeof userCardSchema>;
