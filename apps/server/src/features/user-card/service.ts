import type { UserCard } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { battleRecordOf } from '../battles/index.js';
import { listBestDropsOf } from '../stats/index.js';
import { findUser } from '../users/index.js';
import { equippedLook } from '../virtual-goods/index.js';

/** How many best drops the card shows. */
export const BEST_DROPS_ON_CARD = 6;

/**
 * A player's public card (spec §2 user info overlay). Built field by field from public facts only; a
 * cancelled account has no card, as if it never existed.
 */
export async function publicCard(ex: Executor, userId: number): Promise<UserCard> {
  const user = await findUser(ex, userId);
  if (!user || user.status === 'cancelled') throw new AppError('NOT_FOUND', `user ${userId}`);
  const [look, drops, battles] = await Promise.all([
    equippedLook(ex, userId),
    listBestDropsOf(ex, userId, BEST_DROPS_ON_CARD),
    battleRecordOf(ex, userId),
  ]);
  return {
    userId: user.id,
    nickname: user.nickname,
    headPic: user.avatar,
    avatarFrame: look.avatarFrame,
    nameColor: look.nameColor,
    grade: user.grade,
    bestDrops: drops.map((d) => ({
      giftName: d.giftName,
      giftImage: d.giftImage,
      grade: d.grade,
      recoveryPrice: d.recoveryPriceFen,
      sourceType: d.sourceType,
      createTime: toIso(d.createdAt),
      demo: d.demo,
    })),
    battles,
  };
}
