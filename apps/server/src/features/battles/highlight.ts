import { sql } from 'drizzle-orm';
import type { BattleHighlight } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { itemsByIds } from '../catalog/index.js';
import { botsByIds, playersByIds } from './repo.js';
import { battleDetail } from './views.js';
import { bizDateOf, dayBounds } from './rank.js';
import { revealedBattle } from './reveal.js';

const HIGHLIGHT_SIZE = 5;

/**
 * highlight: today's (Beijing day) most valuable public battles and drops. Only battles whose every round
 * is already revealed count, so the list never spoils a battle still being shown.
 */
export async function highlight(ex: Executor, nowMs = Date.now()): Promise<BattleHighlight> {
  const { start, end } = dayBounds(bizDateOf(nowMs));
  const now = new Date(nowMs).toISOString();
  const shown = sql`${revealedBattle(sql.raw('b'), sql`${now}::timestamptz`)} AND b.password_hash IS NULL
    AND b.ended_at >= ${start}::timestamptz AND b.ended_at < ${end}::timestamptz`;
  const top = await queryRows<{ id: unknown; total: unknown }>(
    ex,
    sql`SELECT b.id, sum(r.value_fen) AS total FROM battles b JOIN battle_rolls r ON r.battle_id = b.id
        WHERE ${shown} GROUP BY b.id ORDER BY total DESC, b.id DESC LIMIT ${HIGHLIGHT_SIZE}`,
  );
  const drops = await queryRows<{
    code: string;
    round: unknown;
    seat: unknown;
    item_id: unknown;
    value_fen: unknown;
    user_id: unknown;
    bot_id: unknown;
  }>(
    ex,
    sql`SELECT b.code, r.round, r.seat, r.item_id, r.value_fen, s.user_id, s.bot_id
        FROM battles b JOIN battle_rolls r ON r.battle_id = b.id
        JOIN battle_seats s ON s.battle_id = r.battle_id AND s.seat = r.seat
        WHERE ${shown} ORDER BY r.value_fen DESC, b.id DESC, r.round, r.seat LIMIT ${HIGHLIGHT_SIZE}`,
  );
  const userIds = drops.filter((d) => d.user_id !== null).map((d) => toInt(d.user_id));
  const botIds = drops.filter((d) => d.bot_id !== null).map((d) => toInt(d.bot_id));
  const [players, bots, items] = [
    await playersByIds(ex, [...new Set(userIds)]),
    await botsByIds(ex, [...new Set(botIds)]),
    await itemsByIds(ex, [...new Set(drops.map((d) => toInt(d.item_id)))]),
  ];
  const itemById = new Map(items.map((i) => [i.id, i]));
  return {
    battles: await Promise.all(top.map(async (r) => ({ ...(await battleDetail(ex, toInt(r.id), nowMs)), totalValue: toInt(r.total) }))),
    drops: drops.map((d) => {
      const player = d.user_id !== null ? players.get(toInt(d.user_id)) : undefined;
      const bot = d.bot_id !== null ? bots.get(toInt(d.bot_id)) : undefined;
      const item = itemById.get(toInt(d.item_id));
      return {
        battleCode: d.code,
        round: toInt(d.round),
        pos: toInt(d.seat),
        nickname: player?.nickname ?? bot?.nickname ?? '',
        headPic: player?.avatar ?? bot?.headPic ?? null,
        isBot: d.bot_id !== null,
        giftId: toInt(d.item_id),
        giftName: item?.name ?? '',
        giftImage: item?.image ?? null,
        giftGrade: item?.grade ?? 0,
        giftPrice: toInt(d.value_fen),
      };
    }),
  };
}
