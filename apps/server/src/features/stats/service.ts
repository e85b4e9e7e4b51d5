import { EventType, type DropItem, type EventTypeCode, type HomepageStat } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import type { TxScope } from '../../platform/db/tx.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { countPlayers } from '../users/index.js';
import { countBySource, insertDrops, listBoxDrops, listRecentDrops, listShownSourceDrops, toDropItem, type NewDrop } from './repo.js';

const dropEventFor: Record<number, EventTypeCode> = {
  [EventType.CASE_DROP]: EventType.CASE_DROP,
  [EventType.UPGRADE_DROP]: EventType.UPGRADE_DROP,
  [EventType.BATTLE_DROP]: EventType.BATTLE_DROP,
};

/**
 * Games call this inside their transaction. The feed rows commit with the game; the live event goes out
 * only after that commit (design §5), one event per source type, newest first.
 */
export async function recordDrops(scope: TxScope, live: LivePublisher, drops: NewDrop[]): Promise<DropItem[]> {
  const rows = await insertDrops(scope.tx, drops);
  return announceDrops(scope.afterCommit, live, rows.map(toDropItem));
}

/**
 * For games that write their feed rows in their own statement (the opening's hot path): the live event
 * goes out after the commit, one per source type, newest first.
 */
export function announceDrops(afterCommit: (fn: () => void) => void, live: LivePublisher, drops: DropItem[]): DropItem[] {
  const items = [...drops].sort((a, b) => b.id - a.id);
  const bySource = new Map<number, DropItem[]>();
  for (const item of items) bySource.set(item.sourceType, [...(bySource.get(item.sourceType) ?? []), item]);
  afterCommit(() => {
    for (const [sourceType, data] of bySource) {
      const eventType = dropEventFor[sourceType];
      if (eventType) live.publish({ eventType, data });
    }
  });
  return items;
}

/**
 * For a game whose feed rows became public later than they were written (a battle's, at its reveal's end):
 * reads them back and announces them after the caller's commit. A battle's reveal job calls it at the last
 * round, so the announcement survives the node that drew the battle.
 */
export async function announceShownDrops(
  scope: TxScope,
  live: LivePublisher,
  source: { sourceType: number; sourceId: number; since: Date },
): Promise<DropItem[]> {
  const rows = await listShownSourceDrops(scope.tx, source);
  return announceDrops(scope.afterCommit, live, rows.map(toDropItem));
}

export async function lastDrops(ex: Executor, limit: number, isTop: boolean): Promise<DropItem[]> {
  return (await listRecentDrops(ex, limit, isTop)).map(toDropItem);
}

export async function homepageStat(ex: Executor, live: LivePublisher): Promise<HomepageStat> {
  const [userTotal, userTotal24, boxCnt, boxCnt24, battleCnt, battleCnt24, upgradeCnt, upgradeCnt24] = await Promise.all([
    countPlayers(ex),
    countPlayers(ex, 24),
    countBySource(ex, EventType.CASE_DROP),
    countBySource(ex, EventType.CASE_DROP, 24),
    countBySource(ex, EventType.BATTLE_DROP),
    countBySource(ex, EventType.BATTLE_DROP, 24),
    countBySource(ex, EventType.UPGRADE_DROP),
    countBySource(ex, EventType.UPGRADE_DROP, 24),
  ]);
  return {
    userTotal,
    userTotal24,
    boxCnt,
    boxCnt24,
    battleCnt,
    battleCnt24,
    upgradeCnt,
    upgradeCnt24,
    onlineCount: live.onlineCount(),
  };
}

export async function lastBoxDrops(ex: Executor, boxId: number, limit: number, isTop: boolean): Promise<DropItem[]> {
  return (await listBoxDrops(ex, boxId, limit, isTop)).map(toDropItem);
}
