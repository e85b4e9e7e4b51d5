import { BattleStateCode, formatFen, GiveawayState, type WebRoutePattern } from '@skinfair/contract';
import type { AppContext } from './app-context.js';
import { isAppError } from './platform/errors.js';
import type { PageMeta, PageMetaSource } from './platform/http/page-meta.js';
import { battleDetailByCode } from './features/battles/index.js';
import { giveawayView } from './features/giveaways/index.js';
import { rollRecord } from './features/fairness/index.js';

/**
 * The pages a player shares (issue 27 §9), described for link previews from the public data their owners
 * export: a battle room and its verify page, a giveaway room and its verify page, a roll's share link.
 * Everything here is what a guest sees on the page itself; a roll's sequential id answers its owner only,
 * so a crawler gets the plain page for it.
 */
export function sharePageMeta(ctx: Pick<AppContext, 'reads'>): PageMetaSource {
  const describe: Partial<Record<WebRoutePattern, (id: string) => Promise<PageMeta | null>>> = {
    '/battle/:id': (id) => battle(ctx, id, '对战房间'),
    '/reverse/:id': (id) => battle(ctx, id, '反向对战房间'),
    '/battle/:id/verify': (id) => battle(ctx, id, '对战验证'),
    '/reverse/:id/verify': (id) => battle(ctx, id, '反向对战验证'),
    '/giveaways/:id': (id) => giveaway(ctx, id, '福利房间'),
    '/giveaways/:id/verify': (id) => giveaway(ctx, id, '福利房间验证'),
    '/provably-fair/verify/:id': (id) => sharedRoll(ctx, id),
  };
  return async ({ pattern, params }) => {
    const read = describe[pattern];
    if (!read || params.id === undefined) return null;
    try {
      return await read(params.id);
    } catch (err) {
      // An unknown id is the plain page; anything else is the caller's to log.
      if (isAppError(err) && notFound.has(err.code)) return null;
      throw err;
    }
  };
}

const notFound = new Set<string>(['BATTLE_NOT_FOUND', 'GIVEAWAY_NOT_FOUND', 'NOT_FOUND']);

const battleStates: Record<number, string> = {
  [BattleStateCode.waiting]: '等待玩家加入',
  [BattleStateCode.running]: '对战进行中',
  [BattleStateCode.ended]: '已结束',
  [BattleStateCode.cancelled]: '已取消',
  [BattleStateCode.voided]: '已作废',
};

async function battle(ctx: Pick<AppContext, 'reads'>, code: string, page: string): Promise<PageMeta | null> {
  if (!/^[A-Za-z0-9_-]{8,32}$/.test(code)) return null;
  const b = await battleDetailByCode(ctx.reads(), code);
  const boxes = b.boxList.length;
  return {
    title: b.title ? `${page}「${b.title}」` : `${page} ${b.battleCode}`,
    description:
      `${b.countCustomer} 人${b.mode === 1 ? '反向' : ''}对战 · ${boxes} 个箱子 · 入场 ¥${formatFen(b.totalPrice)} · ` +
      `${battleStates[b.state] ?? ''}。结果由服务器种子与公开信标决定，人人可验证。`,
    image: b.boxList[0]?.boxImage ?? null,
  };
}

async function giveaway(ctx: Pick<AppContext, 'reads'>, id: string, page: string): Promise<PageMeta | null> {
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  const room = await giveawayView(ctx.reads(), Number(id), null);
  const opens = new Date(room.openTime).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  const state = room.state === GiveawayState.running ? `开奖时间 ${opens}` : room.state === GiveawayState.ended ? '已开奖' : '已取消';
  return {
    title: `${page}「${room.title}」`,
    description: `奖池 ¥${formatFen(room.poolValue)} · ${room.giftCount} 件奖品 · ${room.userCount} 人参与 · ${state}。抽奖可验证公平。`,
    image: room.banner ?? room.giftVos[0]?.giftImage ?? null,
  };
}

const games: Record<string, string> = { case: '开箱', dream: '追梦', free_case: '免费箱子' };

async function sharedRoll(ctx: Pick<AppContext, 'reads'>, id: string): Promise<PageMeta | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const roll = await rollRecord(ctx.reads(), { shareId: id }, null);
  const outcome = roll.itemName ? `，开出 ${roll.itemName}` : '';
  return {
    title: `验证结果 · ${games[roll.game] ?? roll.game}`,
    description: `第 ${roll.nonce} 次${games[roll.game] ?? ''}，随机数 ${roll.rollCode}${outcome}。用公开的种子在浏览器里重新计算，核对结果。`,
  };
}
