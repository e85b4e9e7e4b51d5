import type { z } from 'zod';
import {
  toPage,
  type adminBattleListParams,
  type AdminBattle,
  type AdminBattleDetail,
  type AdminBot,
  type adminBotUpdateParams,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { dayParam } from '../../../platform/http/day-param.js';
import { audited, type Actor } from '../../admin/index.js';
import { operatorBattleDetail, operatorBattlePage, operatorBots, operatorCancelBattle, operatorUpdateBot } from '../operator.js';
import { ensureBots } from '../repo.js';

/**
 * Screen 9 (games), issue 16: the battles monitor and the bots. Each change is one transaction with its one
 * audit row; the battles' own rules (row locks, refunds) live in ../operator.ts.
 */

type Ctx = Pick<AppContext, 'db' | 'live' | 'hash' | 'config'>;

export async function pageBattles(ctx: Ctx, q: z.output<typeof adminBattleListParams>): Promise<Page<AdminBattle>> {
  const { rows, totalRows } = await operatorBattlePage(
    ctx.db,
    {
      state: q.state === 'all' ? undefined : q.state,
      mode: q.mode,
      playerId: q.playerId,
      from: dayParam(q.from, false),
      to: dayParam(q.to, true),
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

// ---- bots ----------------------------------------------------------------------------------------------

export const listBots = (ctx: Ctx): Promise<AdminBot[]> => operatorBots(ctx.db);

export async function updateBot(ctx: Ctx, actor: Actor, p: z.output<typeof adminBotUpdateParams>): Promise<AdminBot[]> {
  await ensureBots(ctx.db);
  await runInTransaction(ctx.db, async (scope) => {
    const { before, after } = await operatorUpdateBot(scope, p.id, p);
    await audited(scope.tx, actor, 'bot.update', { type: 'bot', id: p.id }, before, after);
  });
  return operatorBots(ctx.db);
}
