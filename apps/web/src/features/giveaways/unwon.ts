import { GiveawayRoomType, GiveawayState, type GiveawayPrize, type GiveawayRoom } from '@skinfair/contract';

/**
 * Prizes nobody won (issue 30 §9): in an ended room a prize without a winner was returned in the draw's
 * own transaction (server features/giveaways/draw.ts), a creator's item to their backpack and an official
 * room's unit to the shop's stock. Read from the spec's fields; the room needs no extra one.
 */
export interface UnwonPrizes {
  count: number;
  /** Where they went: the creator's backpack, or (official rooms) the shop's stock. */
  to: 'backpack' | 'stock';
}

export const returnsTo = (room: Pick<GiveawayRoom, 'roomType'>): UnwonPrizes['to'] =>
  room.roomType === GiveawayRoomType.official ? 'stock' : 'backpack';

export function unwonPrizes(
  room: Pick<GiveawayRoom, 'state' | 'roomType'>,
  prizes: readonly Pick<GiveawayPrize, 'winnerInfo'>[],
): UnwonPrizes | null {
  if (room.state !== GiveawayState.ended) return null;
  const count = prizes.filter((p) => p.winnerInfo === null).length;
  return count > 0 ? { count, to: returnsTo(room) } : null;
}
