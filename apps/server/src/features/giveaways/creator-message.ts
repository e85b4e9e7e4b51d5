import type { Tx } from '../../platform/db/client.js';
import { sendMessage } from '../messages/index.js';
import type { GiveawayRow } from './repo.js';

/**
 * The creator's word on how their room ended (issue 30 §9): how many prizes went to winners and that the
 * ones nobody won (fewer entries than prizes, or none) are back in their backpack. Official rooms have no
 * player creator (their unwon prizes go back to the shop's stock), so nobody is told there.
 */
export function creatorOutcomeText(title: string, won: number, returned: number): string {
  if (won === 0) return `您的福利屋「${title}」到开奖时间无人参与，${returned} 件奖品已全部退回您的背包。`;
  const head = `您的福利屋「${title}」已开奖：${won} 件奖品已发给中奖者`;
  return returned > 0 ? `${head}；参与人数少于奖品数，未抽出的 ${returned} 件奖品已退回您的背包。` : `${head}。`;
}

/** Sent in the draw's (or the empty close's) transaction: the message exists exactly when the outcome does. */
export async function tellCreator(tx: Tx, room: GiveawayRow, won: number, returned: number): Promise<void> {
  if (room.creatorId === null) return;
  await sendMessage(tx, room.creatorId, {
    type: 'system',
    title: won === 0 ? '福利屋已结束' : '福利屋已开奖',
    content: creatorOutcomeText(room.title, won, returned),
  });
}
