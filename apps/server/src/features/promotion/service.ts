import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { credit } from '../../platform/ledger/index.js';
import { findUser, findUserByInvitationCode, requireActiveUser, setInviterOnce, updateUser } from '../users/index.js';
import { rebateBoostBp } from '../vip/index.js';
import { lastDeviceOf, shareDeviceOrIdentity, tryClaimBonus } from '../bonus-claims/index.js';
import { isExcluded } from '../protection/index.js';
import { promotionChannels, promotionLevels, promotionStats } from './tables.js';

export const defaultPromotionLevels = [
  { level: 1, name: '推广员', expMin: 0, rebateBp: 100 },
  { level: 2, name: '资深推广员', expMin: 500_000, rebateBp: 200 },
  { level: 3, name: '金牌推广员', expMin: 2_000_000, rebateBp: 300 },
  { level: 4, name: '合伙人', expMin: 10_000_000, rebateBp: 500 },
];

export async function seedPromotion(ex: Executor) {
  await ex.insert(promotionLevels).values(defaultPromotionLevels).onConflictDoNothing();
  await ex
    .insert(promotionChannels)
    .values([
      { channelCode: 'bilibili', channelName: '哔哩哔哩', channelPlatform: 'video' },
      { channelCode: 'douyin', channelName: '抖音', channelPlatform: 'video' },
      { channelCode: 'weibo', channelName: '微博', channelPlatform: 'social' },
      { channelCode: 'steam_group', channelName: 'Steam 群组', channelPlatform: 'community' },
    ])
    .onConflictDoNothing();
}

const levels = (ex: Executor) => ex.select().from(promotionLevels).orderBy(asc(promotionLevels.level));

async function statsOf(ex: Executor, userId: number) {
  const [row] = await ex.select().from(promotionStats).where(eq(promotionStats.userId, userId));
  return row ?? { userId, invitedCount: 0, totalRechargeFen: 0, totalRebateFen: 0, level: 1, codeChanged: false };
}

/** A sign-up with this inviter counts toward the inviter's promoted users. */
export async function recordInvitation(ex: Executor, inviterId: number): Promise<void> {
  await ex
    .insert(promotionStats)
    .values({ userId: inviterId, invitedCount: 1 })
    .onConflictDoUpdate({ target: promotionStats.userId, set: { invitedCount: sql`${promotionStats.invitedCount} + 1` } });
}

/**
 * An invitee's completed deposit pays the inviter the rebate of their level (plus their VIP boost) into
 * the inviter's secondary balance (docs/decisions/0016), through the ledger, once per deposit (the
 * idempotency key is the order). Only a real-name-verified invitee earns rebates, one account per
 * identity and per device, and never for an inviter on the same device or the same identity; such
 * deposits do not count toward the inviter's level either.
 */
export async function payInviterRebate(tx: Tx, inviteeId: number, creditFen: number, orderId: number): Promise<number> {
  const invitee = await findUser(tx, inviteeId);
  if (!invitee?.inviterId) return 0;
  const inviterId = invitee.inviterId;
  // An inviter on a cool-off or self-exclusion earns no rebate meanwhile (decision 0042; not kept for later).
  if (await isExcluded(tx, inviterId)) return 0;
  if (await shareDeviceOrIdentity(tx, inviterId, inviteeId)) return 0;
  if (
    await tryClaimBonus(tx, { kind: 'invitee_rebate', userId: inviteeId, deviceId: await lastDeviceOf(tx, inviteeId), needsIdentity: true })
  )
    return 0;
  const [stats] = await tx
    .insert(promotionStats)
    .values({ userId: inviterId, totalRechargeFen: creditFen })
    .onConflictDoUpdate({
      target: promotionStats.userId,
      set: { totalRechargeFen: sql`${promotionStats.totalRechargeFen} + ${creditFen}` },
    })
    .returning();
  const level = (await levels(tx)).filter((l) => l.expMin <= stats!.totalRechargeFen).at(-1)!;
  const rateBp = level.rebateBp + (await rebateBoostBp(tx, inviterId));
  const rebate = Math.floor((creditFen * rateBp) / 10_000);
  await tx
    .update(promotionStats)
    .set({ level: level.level, totalRebateFen: sql`${promotionStats.totalRebateFen} + ${rebate}` })
    .where(eq(promotionStats.userId, inviterId));
  if (rebate > 0) {
    await credit(tx, {
      userId: inviterId,
      kind: 'secondary',
      amountFen: rebate,
      from: 'promotions',
      code: 'promotion_rebate',
      refType: 'deposit',
      refId: orderId,
      idempotencyKey: `rebate:${orderId}`,
    });
  }
  return rebate;
}

/**
 * A refunded deposit's share leaves the inviter's totals (issue 27 §3): the recharge it counted toward their
 * promotion level, and the rebate taken back. The level reached stays, as a VIP grade does (decision 0060).
 */
export async function removeRefundFromInviterTotals(tx: Tx, inviterId: number, rechargeFen: number, rebateFen: number): Promise<void> {
  await tx
    .update(promotionStats)
    .set({
      totalRechargeFen: sql`greatest(0, ${promotionStats.totalRechargeFen} - ${rechargeFen})`,
      totalRebateFen: sql`greatest(0, ${promotionStats.totalRebateFen} - ${rebateFen})`,
    })
    .where(eq(promotionStats.userId, inviterId));
}

export async function promotionInfo(ex: Executor, userId: number, publicUrl: string) {
  const user = await requireActiveUser(ex, userId);
  const [stats, allLevels, inviter] = await Promise.all([
    statsOf(ex, userId),
    levels(ex),
    user.inviterId ? findUser(ex, user.inviterId) : null,
  ]);
  const level = allLevels.find((l) => l.level === stats.level) ?? allLevels[0]!;
  const next = allLevels.find((l) => l.level === stats.level + 1);
  const code = user.invitationCode ?? '';
  return {
    invitationCode: code,
    link: `${publicUrl}/home?promoteCode=${encodeURIComponent(code)}`,
    upInvitationCode: inviter?.invitationCode ?? null,
    promotionGrade: level.level,
    promotionGradeName: level.name,
    rebateRate: level.rebateBp + (await rebateBoostBp(ex, userId)),
    nextPromotionExp: next?.expMin ?? null,
    accumulatedRegisterCount: stats.invitedCount,
    accumulatedRechargeAmount: stats.totalRechargeFen,
    accumulatedRebateAmount: stats.totalRebateFen,
    codeChangeable: !stats.codeChanged,
  };
}

/** The player's own code may be changed once; codes are unique whatever their case. */
export async function changeInvitationCode(db: Db, userId: number, code: string) {
  const taken = await findUserByInvitationCode(db, code);
  if (taken && taken.id !== userId) throw new AppError('INVITATION_CODE_TAKEN');
  try {
    await runInTransaction(db, async ({ tx }) => {
      const [locked] = await tx
        .insert(promotionStats)
        .values({ userId, codeChanged: true })
        .onConflictDoUpdate({
          target: promotionStats.userId,
          set: { codeChanged: true },
          setWhere: sql`${promotionStats.codeChanged} = false`,
        })
        .returning();
      if (!locked) throw new AppError('INVITATION_CODE_LOCKED');
      await updateUser(tx, userId, { invitationCode: code.toUpperCase() });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_invitation_code') throw new AppError('INVITATION_CODE_TAKEN');
    throw err;
  }
  return true as const;
}

/** bindInviter: once, never oneself, never someone down one's own chain (a cycle). */
export async function bindInviter(db: Db, userId: number, code: string) {
  const user = await requireActiveUser(db, userId);
  if (user.inviterId) throw new AppError('INVITER_ALREADY_BOUND');
  const inviter = await findUserByInvitationCode(db, code);
  if (!inviter) throw new AppError('INVITER_NOT_FOUND');
  if (inviter.id === userId) throw new AppError('INVITER_SELF');
  let cursor = inviter.inviterId;
  for (let depth = 0; cursor !== null && depth < 100; depth++) {
    if (cursor === userId) throw new AppError('INVITER_CYCLE');
    cursor = (await findUser(db, cursor))?.inviterId ?? null;
  }
  await runInTransaction(db, async ({ tx }) => {
    if (!(await setInviterOnce(tx, userId, inviter.id))) throw new AppError('INVITER_ALREADY_BOUND');
    await recordInvitation(tx, inviter.id);
  });
  return true as const;
}

export const listChannels = (ex: Executor) => ex.select().from(promotionChannels).where(eq(promotionChannels.available, true));
