import type { z } from 'zod';
import {
  toPage,
  adminGiveawayCreateParams,
  type ApprovalPending,
  type AdminGiveaway,
  type AdminGiveawayDetail,
  type adminGiveawayListParams,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { dayParam } from '../../../platform/http/day-param.js';
import { approvalNote, audited, runLimited, type Actor, type LimitedAction } from '../../admin/index.js';
import { operatorCancelGiveaway, operatorCreateOfficialGiveaway, operatorGiveawayDetail, operatorGiveawayPage } from '../operator.js';

/**
 * Screen 9 (games), issue 16: the giveaways monitor. Each change is one transaction with its one audit row;
 * the rooms' own rules (row locks, prize returns) live in ../operator.ts.
 */

type Ctx = Pick<AppContext, 'db' | 'live' | 'hash' | 'config'>;

export async function pageGiveaways(ctx: Ctx, q: z.output<typeof adminGiveawayListParams>): Promise<Page<AdminGiveaway>> {
  const { rows, totalRows } = await operatorGiveawayPage(
    ctx.db,
    {
      state: q.state === 'all' ? undefined : q.state,
      kind: q.kind === 'all' ? undefined : q.kind,
      creatorId: q.creatorId,
      from: dayParam(q.from, false),
      to: dayParam(q.to, true),
    },
    q.page,
    q.pageSize,
  );
  return toPage(rows, q.page, q.pageSize, totalRows);
}

export const giveawayDetail = (ctx: Ctx, id: number): Promise<AdminGiveawayDetail> => operatorGiveawayDetail(ctx.db, id);

type GiveawayParams = z.output<typeof adminGiveawayCreateParams>;

/**
 * Value (decision 0048): the shop-stock value of its prizes. A room with a password is a private hand-out
 * of the house's stock, so it always waits for a second operator, whatever its value.
 */
export const officialGiveawayAction: LimitedAction<GiveawayParams, AdminGiveawayDetail> = {
  kind: 'officialGiveaway',
  permission: 'games.write',
  params: adminGiveawayCreateParams,
  async perform(ctx, scope, actor, p) {
    const room = await operatorCreateOfficialGiveaway(ctx, scope, {
      title: p.title,
      remark: p.remark,
      banner: p.banner ?? null,
      openTime: new Date(p.openTime),
      stockIds: p.stockIds,
      ...(p.password ? { password: p.password } : {}),
      minDepositFen: p.minDepositFen,
      depositStart: p.depositStart ? new Date(p.depositStart) : null,
      depositEnd: p.depositEnd ? new Date(p.depositEnd) : null,
      promotionUserId: p.promotionUserId ?? null,
      minVipGrade: p.minVipGrade,
    });
    const detail = await operatorGiveawayDetail(scope.tx, room.id);
    // The password is kept only as its keyed hash: the audit row says whether there is one.
    const { password, ...conditions } = p;
    await audited(scope.tx, actor, 'giveaway.createOfficial', { type: 'giveaway', id: room.id }, null, {
      ...conditions,
      password: password ? true : false,
      prizes: detail.prizes.map((x) => ({
        position: x.position,
        stockId: x.stockId,
        itemId: x.itemId,
        valueFen: x.valueFen,
      })),
      ...approvalNote(actor),
    });
    const valueFen = detail.prizes.reduce((sum, x) => sum + x.valueFen, 0);
    return { result: detail, valueFen, targetId: room.id, alwaysApprove: Boolean(password) };
  },
};

export const createOfficialGiveaway = (ctx: Ctx, actor: Actor, p: GiveawayParams): Promise<AdminGiveawayDetail | ApprovalPending> =>
  runLimited(ctx, actor, officialGiveawayAction, p);

export async function cancelGiveaway(ctx: Ctx, actor: Actor, id: number, reason: string): Promise<AdminGiveawayDetail> {
  return runInTransaction(ctx.db, async (scope) => {
    const { before, after } = await operatorCancelGiveaway(ctx, scope, id);
    await audited(scope.tx, actor, 'giveaway.cancel', { type: 'giveaway', id }, before, { ...after, reason });
    return operatorGiveawayDetail(scope.tx, id);
  });
}
