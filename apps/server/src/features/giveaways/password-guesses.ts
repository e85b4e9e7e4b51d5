import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { releaseThrottle, reserveGuess, type GuessBudget } from '../../platform/throttle/index.js';

/**
 * Guesses at one room's password, per player and room (issue 24 §9): 5 free, then waits from 1 minute
 * doubling to a day; a day quiet and the budget is whole again (the login's numbers, decision 0015).
 */
export const ROOM_PASSWORD_BUDGET: GuessBudget = {
  free: 5,
  firstWaitMs: 60_000,
  maxWaitMs: 24 * 3_600_000,
  forgetMs: 24 * 3_600_000,
};

const budgetKey = (giveawayId: number, userId: number) => `giveaway-pwd:${giveawayId}:user:${userId}`;

/**
 * Tries a room password. The guess is reserved before the password is looked at, under the budget row's
 * lock, so concurrent guesses never check more than the budget, and a player whose budget is spent is
 * refused alike whether the password is right or wrong. A right password gives back only its own guess:
 * the waits that earlier wrong guesses earned stay.
 */
export async function tryRoomPassword(db: Db, giveawayId: number, userId: number, matches: () => boolean): Promise<void> {
  const key = budgetKey(giveawayId, userId);
  const reservation = await reserveGuess(db, key, ROOM_PASSWORD_BUDGET);
  if (!reservation.allowed) {
    throw new AppError(
      'GIVEAWAY_PASSWORD_TOO_MANY_TRIES',
      `room ${giveawayId} user ${userId}, ${Math.ceil(reservation.retryAfterMs / 1000)} s`,
    );
  }
  if (!matches()) throw new AppError('GIVEAWAY_PASSWORD_WRONG');
  await releaseThrottle(db, key);
}
