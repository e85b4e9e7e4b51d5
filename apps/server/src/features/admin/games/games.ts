import type { z } from 'zod';
import {
  toPage,
  type adminBattleListParams,
  type AdminBattle,
  type AdminBattleDetail,
  type AdminBot,
  adminGiveawayCreateParams,
  type AdminDreamSettings,
  type ApprovalPending,
  type AdminGiveaway,
  type AdminGiveawayDetail,
  type adminGiveawayListParams,
  type adminBotUpdateParams,
  type DreamSettings,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import {
  ensureBattleBots,
  operatorBattleDetail,
  operatorBattlePage,
  operatorBots,
  operatorCancelBattle,
  operatorUpdateBot,
} from '../../battles/index.js';
import { forgetDreamSettings, readDreamSettings, saveDreamSettings } from '../../dream/index.js';
import {
  operatorCancelGiveaway,
  operatorCreateOfficialGiveaway,
  operatorGiveawayDetail,
  operatorGiveawayPage,
} from '../../giveaways/index.js';
import { audited, type Actor } from '../audit.js';
import { approvalNote, runLimited, type LimitedAction } from '../limits/gate.js';

/**
 * Screen 9 (games), issue 16. Each change is one transaction with its one audit row; the games' own rules
 * (row locks, refunds, prize returns) live in the battles, giveaways and dream features.
 */

type Ctx = Pick<AppContext, 'db' | 'live' | 'hash' | 'config'>;

/** A day's start (UTC); `to` moves to the next day so the range includes the whole of it. */
function dayStart(value: string | undefined, nextDay: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new AppError('PARAM_INVALID', `bad date ${value}`);
  if (nextDay) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

// ---- battles -------------------------------------------------------------------------------------------

export async function pageBattles(ctx: Ctx, q: z.output<typeof adminBattleListParams>): Promise<Page<AdminBattle>> {
  const { rows, totalRows } = await operatorBattlePage(
    ctx.db,
    {
      state: q.state === 'all' ? undefined : q.state,
      mode: q.mode,
      playerId: q.playerId,
      from: dayStart(q.from, false),
      to: dayStart(q.to, true),
    },
    q.page,
    q.pageSize,
  );
  return toPage(rows, q.page, q.pageSize, totalRows);
}

export const battleDetail = (ctx: Ctx, id: number): Promise<AdminBattleDetail> => operatorBattleDetail(ctx.db, id);

/** Cancels a waiting battle and refunds every paid seat (battles feature), with the audit row, at once. */
export async function cancelBattle(ctx: Ctx, actor: Actor, id: number, reason: string): Promise<AdminBattleDetail> {
  return runInTransaction(ctx.db, async (scope) => {
    const { before, after } = await operatorCancelBattle(ctx, scope, id, reason);
    await audited(scope.tx, actor, 'battle.cancel', { type: 'battle', id }, before, { ...after, reason });
    return operatorBattleDetail(scope.tx, id);
  });
}

// ---- giveaways -----------------------------------------------------------------------------------------

export async function pageGiveaways(ctx: Ctx, q: z.output<typeof adminGiveawayListParams>): Promise<Page<AdminGiveaway>> {
  const { rows, totalRows } = await operatorGiveawayPage(
    ctx.db,
    {
      state: q.state === 'all' ? undefined : q.state,
      kind: q.kind === 'all' ? undefined : q.kind,
      creatorId: q.creatorId,
      from: dayStart(q.from, false),
      to: dayStart(q.to, true),
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

// ---- dream ---------------------------------------------------------------------------------------------

export async function dreamSettings(ctx: Ctx): Promise<AdminDreamSettings> {
  return readDreamSettings(ctx.db, ctx.config);
}

/** Saves all five values (validated by the contract, min ≤ max); this node uses them from the commit on. */
export async function setDreamSettings(ctx: Ctx, actor: Actor, values: DreamSettings): Promise<AdminDreamSettings> {
  const saved = await runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const before = await readDreamSettings(tx, ctx.config);
    await saveDreamSettings(tx, values);
    await audited(tx, actor, 'dream.settings', { type: 'dream', id: null }, before.current, values);
    afterCommit(() => forgetDreamSettings(ctx.db));
    return readDreamSettings(tx, ctx.config);
  });
  return saved;
}

// ---- bots ----------------------------------------------------------------------------------------------

export const listBots = (ctx: Ctx): Promise<AdminBot[]> => operatorBots(ctx.db);

export async function updateBot(ctx: Ctx, actor: Actor, p: z.output<typeof adminBotUpdateParams>): Promise<AdminBot[]> {
  await ensureBattleBots(ctx.db);
  await runInTransaction(ctx.db, async (scope) => {
    const { before, after } = await operatorUpdateBot(scope, p.id, p);
    await audited(scope.tx, actor, 'bot.update', { type: 'bot', id: p.id }, before, after);
  });
  return operatorBots(ctx.db);
}
