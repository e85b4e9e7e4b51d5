import { and, eq, gt, sql } from 'drizzle-orm';
import { formatFen } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { credit } from '../../platform/ledger/index.js';
import { claimHeldByOther, lastDeviceOf, tryClaimBonus, type ClaimRefusal } from '../bonus-claims/index.js';
import { sendMessage } from '../messages/index.js';
import { protectionState } from '../protection/index.js';
import { depositOrders } from './tables.js';
import type { DepositOrder } from './repo.js';

/**
 * The first-deposit bonus (+N % of the account's first deposit; docs/decisions/0016 and 0050). Real-name
 * verification is its condition, but it no longer has to come first (issue 30 §1): a first deposit made
 * before it holds its bonus on the order (bonus_pending_fen) and the bonus is paid, once, in the
 * transaction that marks the player verified. A held bonus never expires: the player paid for it.
 */
export const PENDING_BONUS_JOB = 'deposit.pending-bonus';

export interface FirstDepositOutcome {
  fen: number;
  pendingFen: number;
  refusal: ClaimRefusal | null;
}

/** The bonus of a first deposit as it settles: paid now, held for verification, or refused with the reason. */
export async function firstDepositBonus(tx: Tx, order: DepositOrder, percent: number): Promise<FirstDepositOutcome> {
  const bonus = Math.floor((order.creditFen * percent) / 100);
  if (bonus <= 0) return { fen: 0, pendingFen: 0, refusal: null };
  const deviceId = await lastDeviceOf(tx, order.userId);
  const refusal = await tryClaimBonus(tx, { kind: 'first_deposit', userId: order.userId, deviceId, needsIdentity: true });
  // A device another account already claimed it from would refuse it at verification: no hold, say so now.
  if (refusal === 'BONUS_REAL_NAME_REQUIRED' && (await claimHeldByOther(tx, 'first_deposit', order.userId, deviceId)))
    return { fen: 0, pendingFen: 0, refusal: 'BONUS_DEVICE_CLAIMED' };
  if (refusal === 'BONUS_REAL_NAME_REQUIRED') {
    await tx.update(depositOrders).set({ bonusPendingFen: bonus }).where(eq(depositOrders.id, order.id));
    return { fen: 0, pendingFen: bonus, refusal: null };
  }
  if (refusal) return { fen: 0, pendingFen: 0, refusal };
  return { fen: await payBonus(tx, order.userId, order.id, bonus), pendingFen: 0, refusal: null };
}

/** One credit per user whatever races (the ledger key); the order then carries what was paid. */
async function payBonus(tx: Tx, userId: number, orderId: number, bonusFen: number): Promise<number> {
  const t = await credit(tx, {
    userId,
    kind: 'coin',
    amountFen: bonusFen,
    from: 'promotions',
    code: 'deposit_bonus',
    refType: 'deposit',
    refId: orderId,
    idempotencyKey: `first-deposit:${userId}`,
  });
  await tx
    .update(depositOrders)
    .set({ bonusFen: t.duplicate ? 0 : bonusFen, bonusPendingFen: 0 })
    .where(eq(depositOrders.id, orderId));
  return t.duplicate ? 0 : bonusFen;
}

/** The player's held bonus, locked: two verifications of one player settle it one after the other. */
async function lockHeldBonus(tx: Tx, userId: number): Promise<{ id: number; bonusPendingFen: number } | null> {
  const [row] = await tx
    .select({ id: depositOrders.id, bonusPendingFen: depositOrders.bonusPendingFen })
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, userId), gt(depositOrders.bonusPendingFen, 0)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The bonus a first deposit holds for this player's verification, in fen (0: none). */
export async function heldBonusFen(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ fen: sql<string>`coalesce(sum(${depositOrders.bonusPendingFen}), 0)` })
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, userId), gt(depositOrders.bonusPendingFen, 0)));
  return Number(row?.fen ?? 0);
}

/**
 * Pays the held first-deposit bonus, in the caller's transaction (the one that marks the player verified,
 * or the job below). During a cool-off or self-exclusion no bonus is paid (decision 0042): it stays held and
 * a job pays it when the exclusion ends. Refused for good when this person or device already had one.
 */
export async function payHeldFirstDepositBonus(tx: Tx, userId: number): Promise<void> {
  const held = await lockHeldBonus(tx, userId);
  if (!held) return;
  const refusal = await tryClaimBonus(tx, { kind: 'first_deposit', userId, deviceId: await lastDeviceOf(tx, userId), needsIdentity: true });
  if (refusal === 'PROTECTION_BONUS_EXCLUDED') {
    const until = (await protectionState(tx, userId)).exclusion?.until;
    if (until)
      await enqueueJob(tx, {
        kind: PENDING_BONUS_JOB,
        payload: { userId },
        runAt: new Date(until),
        dedupeKey: `pending-bonus:${userId}:${until}`,
      });
    return;
  }
  // Not verified yet (the job ran first): nothing changes, the verification pays it.
  if (refusal === 'BONUS_REAL_NAME_REQUIRED') return;
  const amount = formatFen(held.bonusPendingFen);
  if (refusal) {
    await tx.update(depositOrders).set({ bonusPendingFen: 0 }).where(eq(depositOrders.id, held.id));
    await sendMessage(tx, userId, {
      type: 'reward',
      title: '首充奖励未发放',
      content: `首充奖励 ¥${amount} 未发放：每人、每台设备仅限一次，此身份或设备已领取过。`,
    });
    return;
  }
  const paid = await payBonus(tx, userId, held.id, held.bonusPendingFen);
  if (paid > 0)
    await sendMessage(tx, userId, { type: 'reward', title: '首充奖励到账', content: `实名认证已完成，首充奖励 ¥${amount} 已到账。` });
}
