import { createHash } from 'node:crypto';
import { EventType } from '@skinfair/contract';
import type { Db } from '../platform/db/client.js';
import { runInTransaction } from '../platform/db/tx.js';
import { createUser } from '../features/users/index.js';
import { countDrops, insertDrops, type NewDrop } from '../features/stats/index.js';
import { loadCases, loadDemoPrices, loadItems, referencePriceFen } from './catalogue-data.js';

const DEMO_PLAYERS = ['夜行者', '追风少年', '刀锋', '小鹿乱撞', '满级菜鸟', '狙神', '一发入魂', '老王', '不氪不玩', '开箱达人'];

/** Deterministic pseudo-random picks, so every fresh install shows the same demo feed. */
function pick<T>(list: T[], seed: string): T {
  const n = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return list[n % list.length]!;
}

/**
 * So the live feed is alive on first start (issue: "the seed may insert demo drops"). Runs once: only
 * when the feed is empty. The demo players are marked as bots and own no money; the rows are flagged demo,
 * so they are labelled as such and never counted as openings (decision 0017).
 */
export async function seedDemoDrops(db: Db): Promise<number> {
  if ((await countDrops(db)) > 0) return 0;
  const items = new Map(loadItems().map((i) => [i.id, i]));
  const prices = loadDemoPrices();
  const cases = loadCases().filter((c) => c.kind === 'case');
  return runInTransaction(db, async ({ tx }) => {
    const players = [];
    for (const nickname of DEMO_PLAYERS) players.push(await createUser(tx, { nickname, isBot: true }));
    const drops: NewDrop[] = [];
    for (let i = 0; i < 40; i++) {
      const box = pick(cases, `case-${i}`);
      // Roughly one rare drop in eight, as a real feed looks.
      const pool = i % 8 === 3 && box.specials.length ? box.specials : box.contents;
      const item = items.get(pick(pool, `item-${i}`));
      const player = pick(players, `player-${i}`);
      const price = item ? referencePriceFen(item, prices) : null;
      if (!item || price === null) continue;
      drops.push({
        userId: player.id,
        nickname: player.nickname,
        headPic: null,
        giftName: item.phaseZh ? `${item.nameZh} (${item.phaseZh})` : item.nameZh,
        giftImage: item.image,
        grade: item.grade,
        recoveryPriceFen: price,
        sourceType: EventType.CASE_DROP,
        sourceId: box.id,
        sourceName: box.nameZh,
        sourceImage: box.image,
        demo: true,
      });
    }
    await insertDrops(tx, drops);
    return drops.length;
  });
}
