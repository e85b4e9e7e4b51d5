import { eq } from 'drizzle-orm';
import type { FulfilmentProvider } from '../../platform/providers/index.js';
import type { Tx } from '../../platform/db/client.js';
import { enqueueJob, type JobHandler } from '../../platform/jobs/index.js';
import { catalogItems, marketHashName } from '../catalog/index.js';
import { stepRetrieval } from './repo.js';
import { lockRetrieval } from './retrieval-queue.js';
import { applyRetrievalStep } from './retrieval-steps.js';
import { RETRIEVAL_JOB } from './service.js';
import { awaitsReview } from './withdrawal-review.js';
import { inventoryItems } from './tables.js';

async function marketNameOf(tx: Tx, inventoryItemId: number): Promise<string | null> {
  const [row] = await tx
    .select({
      templateId: catalogItems.templateId,
      exterior: catalogItems.exterior,
      statTrak: catalogItems.statTrak,
    })
    .from(inventoryItems)
    .innerJoin(catalogItems, eq(catalogItems.id, inventoryItems.itemId))
    .where(eq(inventoryItems.id, inventoryItemId));
  return row ? marketHashName(row) : null;
}

/**
 * One step of a withdrawal (spec §4: 0 retrieving → 1 awaiting shipment → 2 awaiting receipt → 3 success,
 * or → 4 failed). Idempotent: a step applies only from the state it read, so a re-run job does nothing;
 * the item, the message and the next step commit with the state change. The retrieval row stays locked for
 * the step, so an operator's complete or fail waits for it (and a trade bot never sends for a withdrawal an
 * operator has just ended). A step that keeps the state (an offer still open) schedules the next look.
 */
export function retrievalJob(fulfilment: FulfilmentProvider): JobHandler {
  return async (payload, { tx }, job) => {
    const retrieval = await lockRetrieval(tx, Number(payload.retrievalId));
    if (!retrieval || retrieval.state >= 3) return;
    // Held for risk review (issue 24 §4): nothing goes to the bot or the supplier until an operator approves.
    if (awaitsReview(retrieval)) return;
    const step = await fulfilment.advance(
      {
        id: retrieval.id,
        state: retrieval.state,
        tradeUrl: retrieval.tradeUrl,
        marketHashName: await marketNameOf(tx, retrieval.inventoryItemId),
      },
      { tx },
    );
    const stays = step.state === retrieval.state;
    if (stays) {
      if (step.remark !== undefined && step.remark !== retrieval.remark)
        await stepRetrieval(tx, retrieval.id, retrieval.state, retrieval.state, step.remark);
    } else {
      const moved = await applyRetrievalStep(tx, retrieval, step.state, step.remark ?? null);
      if (!moved) return;
    }
    if (step.state >= 3 || step.nextInMs === undefined) return;
    await enqueueJob(tx, {
      kind: RETRIEVAL_JOB,
      payload: { retrievalId: retrieval.id },
      runAt: new Date(Date.now() + step.nextInMs),
      // A move is named by its state (a re-run enqueues nothing new); a poll by the job that scheduled it.
      dedupeKey: stays ? `retrieval:${retrieval.id}:${step.state}:poll:${job.id}` : `retrieval:${retrieval.id}:${step.state}`,
      // A supplier outage (Steam down) is retried with growing delays for hours, not minutes.
      maxAttempts: 20,
    });
  };
}
