import type { z } from 'zod';
import { toPage, type AdminPlayer, type AdminPlayerDetail, type Page, type playerSearchParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { listSessions, revokeOtherSessions } from '../../../platform/auth/index.js';
import { flowRecords, getBalances, transferCodes, isTransferCode } from '../../../platform/ledger/index.js';
import { findUser, updateUser, type UserRow } from '../repo.js';
import { maskMobile } from '../service.js';
import { searchUsers } from '../search.js';
import { ornamentPage } from '../../backpack/index.js';
import { openRecords } from '../../fairness/index.js';
import { paymentRecords } from '../../payments/index.js';
import { protectionState } from '../../protection/index.js';
import { audited, type Actor } from '../../admin/index.js';
import { playerWithdrawalHolds } from './withdrawal-holds.js';

type Ctx = Pick<AppContext, 'db'>;
const DETAIL_ROWS = 20;

async function toAdminPlayer(ex: Executor, user: UserRow): Promise<AdminPlayer> {
  const balances = await getBalances(ex, user.id);
  return {
    id: user.id,
    nickname: user.nickname,
    mobile: maskMobile(user.mobile),
    status: user.status,
    isBot: user.isBot,
    minor: user.minor,
    verified: user.verifiedAt !== null,
    createdAt: toIso(user.createdAt),
    coinFen: balances.coinFen,
    pointFen: balances.pointFen,
  };
}

export async function searchPlayers(ctx: Ctx, q: z.output<typeof playerSearchParams>): Promise<Page<AdminPlayer>> {
  const { rows, totalRows } = await searchUsers(ctx.db, { text: q.q, status: q.status, page: q.page, pageSize: q.pageSize });
  const data = await Promise.all(rows.map((u) => toAdminPlayer(ctx.db, u)));
  return toPage(data, q.page, q.pageSize, totalRows);
}

async function requirePlayer(ex: Executor, id: number): Promise<UserRow> {
  const user = await findUser(ex, id);
  if (!user) throw new AppError('ADMIN_PLAYER_NOT_FOUND', `user ${id}`);
  return user;
}

/** One player's view: balances, then the first page of each record the player's own pages show. */
export async function playerDetail(ctx: Ctx, id: number): Promise<AdminPlayerDetail> {
  const { db } = ctx;
  const user = await requirePlayer(db, id);
  const [summary, balances, sessions, ledger, items, rolls, deposits, protection, withdrawalHolds] = await Promise.all([
    toAdminPlayer(db, user),
    getBalances(db, id),
    listSessions(db, id),
    flowRecords(db, id, { balanceType: -1, page: 1, pageSize: DETAIL_ROWS }),
    ornamentPage(db, id, { state: -1, sort: 0, page: 1, pageSize: DETAIL_ROWS }),
    openRecords(db, id, 1, DETAIL_ROWS),
    paymentRecords(ctx, id, 1, DETAIL_ROWS),
    protectionState(db, id),
    playerWithdrawalHolds(db, id),
  ]);
  return {
    player: { ...summary, secondaryFen: balances.secondaryFen },
    sessions: sessions.map((s) => ({
      id: s.id,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: toIso(s.createdAt),
      lastSeenAt: toIso(s.lastSeenAt),
    })),
    ledger: ledger.rows.map((r) => ({
      id: r.id,
      code: r.actionType,
      label: isTransferCode(r.actionType) ? transferCodes[r.actionType] : r.actionName,
      balanceType: r.balanceType,
      changeFen: r.changeAmount,
      balanceAfterFen: r.balanceAfter,
      at: r.createTime,
    })),
    items: items.pageData.map((o) => ({
      id: o.id,
      name: o.giftName,
      state: String(o.state),
      recoveryPriceFen: o.recoveryPrice,
      createdAt: o.createTime,
    })),
    itemsTotal: items.totalRows,
    rolls: rolls.pageData.map((r) => ({
      id: r.id,
      boxName: r.boxName,
      itemName: r.giftName,
      pricePaidFen: r.pricePaid,
      rollCode: Number(r.rollCode),
      at: r.createTime,
    })),
    deposits: deposits.pageData.map((d) => ({
      orderNo: d.orderId,
      amountFen: d.creditAmount,
      state: d.state,
      channel: d.channelName,
      at: d.createTime,
    })),
    protection,
    withdrawalHolds,
  };
}

/**
 * Freezing locks the account (nothing can be spent: users.requireActiveUser) and ends every session at once,
 * so a frozen player is logged out everywhere; unfreezing only lifts the lock. A cancelled account stays so.
 */
export async function setPlayerFrozen(ctx: Ctx, actor: Actor, id: number, frozen: boolean, reason: string): Promise<AdminPlayer> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const user = await requirePlayer(tx, id);
    if (user.status === 'cancelled') throw new AppError('ADMIN_PLAYER_CANCELLED');
    const status = frozen ? 'frozen' : 'active';
    if (user.status === status) return toAdminPlayer(tx, user);
    const updated = await updateUser(tx, id, { status });
    if (frozen) await revokeOtherSessions(tx, id);
    await audited(
      tx,
      actor,
      frozen ? 'player.freeze' : 'player.unfreeze',
      { type: 'player', id },
      { status: user.status },
      { status, reason },
    );
    return toAdminPlayer(tx, updated);
  });
}

/** Ends every session of the player (a lost phone, a shared account): they log in again. */
export async function endPlayerSessions(ctx: Ctx, actor: Actor, id: number, reason: string): Promise<{ ended: number }> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    await requirePlayer(tx, id);
    const live = await listSessions(tx, id);
    await revokeOtherSessions(tx, id);
    await audited(tx, actor, 'player.endSessions', { type: 'player', id }, { liveSessions: live.length }, { liveSessions: 0, reason });
    return { ended: live.length };
  });
}
