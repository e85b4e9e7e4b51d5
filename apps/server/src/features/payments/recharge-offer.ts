import type { FirstDepositOffer, DepositRoomInfo } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { claimHeldByOther, lastDeviceOf } from '../bonus-claims/index.js';
import { depositRoom, isExcluded } from '../protection/index.js';
import { findUser } from '../users/index.js';
import { heldBonusFen } from './first-deposit-bonus.js';

/**
 * What the first-deposit bonus means for this player's next deposit (issue 30 §1, decision 0050), decided
 * here from the same rules the deposit applies, so the panel shows nothing the settlement would not pay:
 * paid with the deposit, paid once the player completes real-name verification, or not at all (and why).
 */
export async function firstDepositOffer(
  ex: Executor,
  userId: number | null,
  percent: number,
  hasRecharged: boolean,
): Promise<FirstDepositOffer> {
  const none = (reason: FirstDepositOffer['reason'], pendingAmount = 0): FirstDepositOffer => ({
    payout: 'none',
    percent: 0,
    reason,
    pendingAmount,
  });
  if (percent <= 0) return none('off');
  // A guest sees the terms; a guest is never verified.
  if (userId === null) return { payout: 'after_real_name', percent, reason: null, pendingAmount: 0 };
  if (hasRecharged) {
    const held = await heldBonusFen(ex, userId);
    return held > 0 ? none('pending', held) : none('recharged');
  }
  // Decision 0042: no bonus during a cool-off or self-exclusion, so none is advertised either.
  if (await isExcluded(ex, userId)) return none('excluded');
  if (await claimHeldByOther(ex, 'first_deposit', userId, await lastDeviceOf(ex, userId))) return none('claimed');
  const verified = (await findUser(ex, userId))?.verifiedAt != null;
  return { payout: verified ? 'on_deposit' : 'after_real_name', percent, reason: null, pendingAmount: 0 };
}

/** The deposit-limit room for the panel's warning before it submits (issue 30 §3); null: no deposit limit. */
export async function depositRoomInfo(ex: Executor, userId: number | null): Promise<DepositRoomInfo | null> {
  const room = userId === null ? null : await depositRoom(ex, userId);
  return room && { remaining: room.remainingFen, limit: room.limitFen, period: room.period, resetsAt: room.resetsAt.toISOString() };
}
