import type { ErrorCode } from '@skinfair/contract';
import { pgErrorCode } from '../../platform/db/pg-errors.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { tryClaimBonus, type ClaimRefusal } from '../bonus-claims/index.js';
import { findGiveaway, hasEntry, insertEntry, type GiveawayRow } from './repo.js';
import { tryRoomPassword } from './password-guesses.js';
import { publishThrottled } from './live.js';
import { passwordHashOf, type GiveawayCtx } from './rooms.js';
import { eligibilityOf, standingFor } from './views.js';

/** The bonus-claim refusals an official room answers in the "join failed" family's own words. */
const joinRefusal: Partial<Record<ClaimRefusal, ErrorCode>> = {
  BONUS_DEVICE_CLAIMED: 'GIVEAWAY_DEVICE_JOINED',
  BONUS_IDENTITY_CLAIMED: 'GIVEAWAY_IDENTITY_JOINED',
};

/** Why a room takes no more entries, most specific first. */
function closedReason(room: GiveawayRow, nowMs: number): 'GIVEAWAY_CANCELLED' | 'GIVEAWAY_ENDED' | null {
  if (room.state === 'cancelled') return 'GIVEAWAY_CANCELLED';
  if (room.state !== 'running' || room.entriesHash !== null || nowMs >= room.openTime.getTime()) return 'GIVEAWAY_ENDED';
  return null;
}

/**
 * partake: one entry per user, before the open time, meeting every condition (spec §8 "join failed"
 * family). The checks read without locks; the entry itself is one short statement (repo insertEntry).
 * An official room's prizes are the house's, free to whoever joins (a deposit condition is money the
 * player keeps), so it also takes one entry per device and per real-name identity (decision 0016):
 * the claim is taken before the entry, in its transaction, so the room's row is still locked last.
 */
export async function joinGiveaway(
  ctx: GiveawayCtx,
  userId: number,
  giveawayId: number,
  password?: string,
  deviceId: string | null = null,
): Promise<boolean> {
  const room = await findGiveaway(ctx.db, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  const closed = closedReason(room, Date.now());
  if (closed) throw new AppError(closed);
  if (room.creatorId === userId) throw new AppError('GIVEAWAY_OWN_ROOM');
  if (await hasEntry(ctx.db, giveawayId, userId)) throw new AppError('GIVEAWAY_ALREADY_JOINED');
  const standing = await standingFor(ctx.db, room, userId);
  if (!standing || standing.status !== 'active' || standing.minor) throw new AppError('GIVEAWAY_ACCOUNT_BLOCKED', `user ${userId}`);
  const met = eligibilityOf(room, standing);
  if (!met.account) throw new AppError('GIVEAWAY_VERIFY_REQUIRED');
  if (!met.vip) throw new AppError('GIVEAWAY_VIP_NOT_MET');
  if (!met.deposit) throw new AppError('GIVEAWAY_DEPOSIT_NOT_MET');
  if (!met.promotion) throw new AppError('GIVEAWAY_PROMOTION_NOT_MET');
  // Issue 24 §9: the password last, from a budget, so no answer before it depends on the password and only
  // a player who may join at all can guess (decision 0046).
  if (room.passwordHash !== null) {
    await tryRoomPassword(ctx.db, giveawayId, userId, () => !!password && passwordHashOf(ctx, password) === room.passwordHash);
  }
  try {
    return await runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
      if (room.kind === 'official') {
        const refusal = await tryClaimBonus(tx, { kind: `giveaway:${giveawayId}`, userId, deviceId });
        if (refusal) throw new AppError(joinRefusal[refusal] ?? refusal, `user ${userId}`);
      }
      const entryNo = await insertEntry(tx, giveawayId, userId);
      if (entryNo === null) {
        const now = await findGiveaway(tx, giveawayId);
        throw new AppError(now ? (closedReason(now, Number.MAX_SAFE_INTEGER) ?? 'GIVEAWAY_ENDED') : 'GIVEAWAY_ENDED');
      }
      afterCommit(() => publishThrottled(ctx, giveawayId));
      return true;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('GIVEAWAY_ALREADY_JOINED');
    throw err;
  }
}
