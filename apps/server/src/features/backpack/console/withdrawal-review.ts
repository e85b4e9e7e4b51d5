import type { AppContext } from '../../../app-context.js';
import type { Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { enqueueJob } from '../../../platform/jobs/index.js';
import type { RetrievalRow } from '../repo.js';
import { RETRIEVAL_JOB } from '../service.js';
import { applyRetrievalStep } from '../retrieval-steps.js';
import { awaitsReview, markRetrievalReviewed } from '../withdrawal-review.js';
import { audited, type Actor } from '../../admin/index.js';
import { openRetrieval } from './withdrawals.js';

type Ctx = Pick<AppContext, 'db'>;
const FAILED = 4;

const reviewSnapshot = (r: RetrievalRow) => ({
  state: r.state,
  remark: r.remark,
  reviewReason: r.reviewReason,
  reviewedBy: r.reviewedBy,
});

/** The withdrawal locked, refused unless its review is pending (a second decision, another operator's). */
async function pendingReview(tx: Tx, id: number): Promise<RetrievalRow> {
  const row = await openRetrieval(tx, id, { whileInReview: true });
  if (row.state !== 0 || !awaitsReview(row)) throw new AppError('WITHDRAWAL_REVIEW_NOT_PENDING', `retrieval ${id}`);
  return row;
}

/**
 * Approve a risk review (issue 24 §4): the normal fulfilment continues, its first step enqueued now in the
 * same transaction as the decision and its audit row. Of two decisions racing, the row lock and the
 * "still pending" condition let exactly one through.
 */
export async function approveWithdrawalReview(ctx: Ctx, actor: Actor, id: number) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await pendingReview(tx, id);
    const reviewed = await markRetrievalReviewed(tx, id, actor.operatorId);
    if (!reviewed) throw new AppError('WITHDRAWAL_REVIEW_NOT_PENDING', `retrieval ${id} moved`);
    await enqueueJob(tx, {
      kind: RETRIEVAL_JOB,
      payload: { retrievalId: id },
      dedupeKey: `retrieval:${id}:0:reviewed`,
    });
    await audited(tx, actor, 'withdrawal.reviewApprove', { type: 'withdrawal', id }, reviewSnapshot(row), reviewSnapshot(reviewed));
    return { id, state: reviewed.state };
  });
}

/** Reject a risk review: the withdrawal fails (4) and the item returns to the backpack, as a fail does. */
export async function rejectWithdrawalReview(ctx: Ctx, actor: Actor, id: number, reason: string) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await pendingReview(tx, id);
    const reviewed = await markRetrievalReviewed(tx, id, actor.operatorId);
    if (!reviewed) throw new AppError('WITHDRAWAL_REVIEW_NOT_PENDING', `retrieval ${id} moved`);
    const failed = await applyRetrievalStep(tx, reviewed, FAILED, reason);
    if (!failed) throw new AppError('ADMIN_WITHDRAWAL_STATE', `retrieval ${id} moved`);
    await audited(tx, actor, 'withdrawal.reviewReject', { type: 'withdrawal', id }, reviewSnapshot(row), {
      ...reviewSnapshot(failed),
      reason,
      itemReturned: row.inventoryItemId,
    });
    return { id, state: failed.state };
  });
}
