import type { FulfilmentProvider } from '../../platform/providers/index.js';
import { enqueueJob, type JobHandler } from '../../platform/jobs/index.js';
import { sendMessage } from '../messages/index.js';
import { findRetrieval, insertEvents, itemNameOf, moveState, stepRetrieval } from './repo.js';
import { RETRIEVAL_JOB } from './service.js';

/**
 * One step of a withdrawal (spec §4: 0 retrieving → 1 awaiting shipment → 2 awaiting receipt → 3 success,
 * or → 4 failed). Idempotent: a step applies only from the state it read, so a re-run job does nothing;
 * the item, the message and the next step commit with the state change.
 */
export function retrievalJob(fulfilment: FulfilmentProvider): JobHandler {
  return async (payload, { tx }) => {
    const retrieval = await findRetrieval(tx, Number(payload.retrievalId));
    if (!retrieval || retrieval.state >= 3) return;
    const step = await fulfilment.advance({ id: retrieval.id, state: retrieval.state, tradeUrl: retrieval.tradeUrl });
    const moved = await stepRetrieval(tx, retrieval.id, retrieval.state, step.state, step.remark ?? null);
    if (!moved) return;
    const name = await itemNameOf(tx, retrieval.inventoryItemId);
    if (step.state === 3) {
      await moveState(tx, retrieval.userId, [retrieval.inventoryItemId], 'retrieving', 'retrieved');
      await insertEvents(tx, [{ inventoryItemId: retrieval.inventoryItemId, fromState: 'retrieving', toState: 'retrieved', reason: 'retrieval', refId: String(retrieval.id) }]);
      await sendMessage(tx, retrieval.userId, { type: 'retrieval', title: '饰品提取成功', content: `您提取的「${name}」已发送至您的 Steam 账户，请在 Steam 中查收。` });
    } else if (step.state === 4) {
      await moveState(tx, retrieval.userId, [retrieval.inventoryItemId], 'retrieving', 'in_backpack');
      await insertEvents(tx, [{ inventoryItemId: retrieval.inventoryItemId, fromState: 'retrieving', toState: 'in_backpack', reason: 'retrieval_failed', refId: String(retrieval.id) }]);
      await sendMessage(tx, retrieval.userId, { type: 'retrieval', title: '饰品提取失败', content: `您提取的「${name}」未能发货：${step.remark ?? '请稍后重试'}。饰品已退回您的背包。` });
    } else {
      await enqueueJob(tx, {
        kind: RETRIEVAL_JOB,
        payload: { retrievalId: retrieval.id },
        runAt: new Date(Date.now() + (step.nextInMs ?? 0)),
        dedupeKey: `retrieval:${retrieval.id}:${step.state}`,
      });
    }
  };
}
