import { eq } from 'drizzle-orm';
import {
  isOutsideCall,
  type FulfilmentProvider,
  type FulfilmentRetrieval,
  type FulfilmentStep,
  type OutsideCall,
} from '../../platform/providers/index.js';
import type { Tx } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { enqueueJob, type OutsideCallJobHandler } from '../../platform/jobs/index.js';
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

/** A step asks for at most this many outside calls in a row (the bot: read the inventory, send, cancel a stray offer). */
const MAX_CALLS_PER_STEP = 3;

/**
 * One step of a withdrawal (spec §4: 0 retrieving → 1 awaiting shipment → 2 awaiting receipt → 3 success,
 * or → 4 failed). Idempotent: a step applies only from the state it read, so a re-run job does nothing;
 * the item, the message and the next step commit with the state change. The retrieval row is locked for
 * each transaction of the step, so an operator's complete or fail waits for it. A supplier's call (Steam)
 * never runs inside one (issue 26 §7): the provider returns it as an OutsideCall, its intent commits, the
 * call runs with no transaction open, and its result is recorded in a new transaction against the row as
 * it is then. A step that keeps the state (an offer still open) schedules the next look.
 */
export function retrievalJob(fulfilment: FulfilmentProvider): OutsideCallJobHandler {
  return async (payload, { db }, job) => {
    const id = Number(payload.retrievalId);
    let next = await runInTransaction(db, ({ tx }) => takeStep(tx, id, job.id, (r) => fulfilment.advance(r, { tx }), false));
    for (let calls = 0; next; calls++) {
      if (calls === MAX_CALLS_PER_STEP) throw new Error(`retrieval ${id}: too many supplier calls in one step`);
      const record = await next.call();
      next = await runInTransaction(db, ({ tx }) => takeStep(tx, id, job.id, (r) => record(r, { tx }), true));
    }
  };
}

/** Locks the retrieval, lets the provider act on it, and applies what it decided; or hands back its call. */
async function takeStep(
  tx: Tx,
  retrievalId: number,
  jobId: number,
  act: (r: FulfilmentRetrieval) => Promise<FulfilmentStep | OutsideCall>,
  recording: boolean,
): Promise<OutsideCall | null> {
  const retrieval = await lockRetrieval(tx, retrievalId);
  if (!retrieval) return null;
  // A result is recorded even when the withdrawal ended meanwhile: the provider undoes what it sent.
  // Held for risk review (issue 24 §4): nothing goes to the bot or the supplier until an operator approves.
  if (!recording && (retrieval.state >= 3 || awaitsReview(retrieval))) return null;
  const result = await act({
    id: retrieval.id,
    state: retrieval.state,
    tradeUrl: retrieval.tradeUrl,
    marketHashName: await marketNameOf(tx, retrieval.inventoryItemId),
  });
  if (isOutsideCall(result)) return result;
  const step = result;
  if (retrieval.state >= 3) return null;
  const stays = step.state === retrieval.state;
  if (stays) {
    if (step.remark !== undefined && step.remark !== retrieval.remark)
      await stepRetrieval(tx, retrieval.id, retrieval.state, retrieval.state, step.remark);
  } else {
    const moved = await applyRetrievalStep(tx, retrieval, step.state, step.remark ?? null);
    if (!moved) return null;
  }
  if (step.state >= 3 || step.nextInMs === undefined) return null;
  await enqueueJob(tx, {
    kind: RETRIEVAL_JOB,
    payload: { retrievalId: retrieval.id },
    runAt: new Date(Date.now() + step.nextInMs),
    // A move is named by its state (a re-run enqueues nothing new); a poll by the job that scheduled it.
    dedupeKey: stays ? `retrieval:${retrieval.id}:${step.state}:poll:${jobId}` : `retrieval:${retrieval.id}:${step.state}`,
    // A supplier outage (Steam down) is retried with growing delays for hours, not minutes.
    maxAttempts: 20,
  });
  return null;
}
