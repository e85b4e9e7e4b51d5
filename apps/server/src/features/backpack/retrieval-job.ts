import type { FulfilmentProvider } from '../../platform/providers/index.js';
import { enqueueJob, type JobHandler } from '../../platform/jobs/index.js';
import { findRetrieval } from './repo.js';
import { applyRetrievalStep } from './retrieval-steps.js';
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
    const moved = await applyRetrievalStep(tx, retrieval, step.state, step.remark ?? null);
    if (!moved || step.state >= 3) return;
    await enqueueJob(tx, {
      kind: RETRIEVAL_JOB,
      payload: { retrievalId: retrieval.id },
      runAt: new Date(Date.now() + (step.nextInMs ?? 0)),
      dedupeKey: `retrieval:${retrieval.id}:${step.state}`,
    });
  };
}
