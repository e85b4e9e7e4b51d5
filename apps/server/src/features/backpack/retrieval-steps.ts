import type { Tx } from '../../platform/db/client.js';
import { sendMessage } from '../messages/index.js';
import { insertEvents, itemNameOf, moveState, stepRetrieval, type RetrievalRow } from './repo.js';

/**
 * One move of a withdrawal (spec §4: 0 retrieving → 1 awaiting shipment → 2 awaiting receipt → 3 success,
 * or → 4 failed), for the fulfilment job and the operator console alike. It applies only from the state the
 * caller read, so of two racing moves (a job step and an operator's fail) exactly one wins; the item and the
 * player's message commit with it. Null: the retrieval had already moved on.
 */
export async function applyRetrievalStep(tx: Tx, retrieval: RetrievalRow, to: number, remark: string | null): Promise<RetrievalRow | null> {
  const moved = await stepRetrieval(tx, retrieval.id, retrieval.state, to, remark);
  if (!moved) return null;
  if (to !== 3 && to !== 4) return moved;
  const name = await itemNameOf(tx, retrieval.inventoryItemId);
  const ref = String(retrieval.id);
  if (to === 3) {
    await moveState(tx, retrieval.userId, [retrieval.inventoryItemId], 'retrieving', 'retrieved');
    await insertEvents(tx, [
      { inventoryItemId: retrieval.inventoryItemId, fromState: 'retrieving', toState: 'retrieved', reason: 'retrieval', refId: ref },
    ]);
    await sendMessage(tx, retrieval.userId, {
      type: 'retrieval',
      title: '饰品提取成功',
      content: `您提取的「${name}」已发送至您的 Steam 账户，请在 Steam 中查收。`,
    });
  } else {
    await moveState(tx, retrieval.userId, [retrieval.inventoryItemId], 'retrieving', 'in_backpack');
    await insertEvents(tx, [
      {
        inventoryItemId: retrieval.inventoryItemId,
        fromState: 'retrieving',
        toState: 'in_backpack',
        reason: 'retrieval_failed',
        refId: ref,
      },
    ]);
    await sendMessage(tx, retrieval.userId, {
      type: 'retrieval',
      title: '饰品提取失败',
      content: `您提取的「${name}」未能发货：${remark ?? '请稍后重试'}。饰品已退回您的背包。`,
    });
  }
  return moved;
}
