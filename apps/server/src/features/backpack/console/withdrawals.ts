import type { z } from 'zod';
import { toPage, type AdminWithdrawal, type Page, type withdrawalListParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { enqueueJob, hurryPendingJobs } from '../../../platform/jobs/index.js';
import { pgErrorCode } from '../../../platform/db/pg-errors.js';
import { recordManualTradeOffer, tradeOfferIdsOf } from '../../../platform/providers/index.js';
import { stepRetrieval, type RetrievalRow } from '../repo.js';
import { RETRIEVAL_JOB } from '../service.js';
import { applyRetrievalStep } from '../retrieval-steps.js';
import { countRetrievalAttempt, lockRetrieval, pageRetrievalQueue, type RetrievalQueueRow } from '../retrieval-queue.js';
import { awaitsReview } from '../withdrawal-review.js';
import { findUser } from '../../users/index.js';
import { audited, type Actor } from '../../admin/index.js';

type Ctx = Pick<AppContext, 'db'>;
/** Ending a withdrawal by hand asks its supplier first (the trade bot cancels its open offer). */
type ActCtx = Pick<AppContext, 'db' | 'fulfilment'>;

const SUCCESS = 3;
/** What the player and the console see between an operator's fail and the bot's cancel at Steam. */
const CANCELLING = '客服已取消本次提取，正在撤回 Steam 交易报价';
const FAILED = 4;
const isOpen = (state: number) => state < SUCCESS;

function toWithdrawal(row: RetrievalQueueRow, nickname: string | null, tradeOfferId: string | null, now: number): AdminWithdrawal {
  const { retrieval: r } = row;
  const end = isOpen(r.state) ? now : r.updatedAt.getTime();
  return {
    id: r.id,
    userId: r.userId,
    nickname,
    inventoryItemId: r.inventoryItemId,
    itemName: row.itemName,
    recoveryPriceFen: row.inventory.recoveryPriceFen,
    state: r.state,
    remark: r.remark,
    attempts: r.attempts,
    tradeUrl: r.tradeUrl,
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
    ageSeconds: Math.max(0, Math.floor((end - r.createdAt.getTime()) / 1000)),
    tradeOfferId,
    reviewReason: r.reviewReason,
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt ? toIso(r.reviewedAt) : null,
  };
}

async function nicknames(ex: Executor, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const users = await Promise.all(ids.map((id) => findUser(ex, id)));
  return new Map(users.filter((u) => u !== null).map((u) => [u.id, u.nickname]));
}

export async function pageWithdrawals(ctx: Ctx, q: z.output<typeof withdrawalListParams>): Promise<Page<AdminWithdrawal>> {
  const { rows, totalRows } = await pageRetrievalQueue(ctx.db, q);
  const names = await nicknames(
    ctx.db,
    rows.map((r) => r.retrieval.userId),
  );
  const offers = await tradeOfferIdsOf(
    ctx.db,
    rows.map((r) => r.retrieval.id),
  );
  const now = Date.now();
  return toPage(
    rows.map((r) => toWithdrawal(r, names.get(r.retrieval.userId) ?? null, offers.get(r.retrieval.id) ?? null, now)),
    q.page,
    q.pageSize,
    totalRows,
  );
}

/**
 * The row locked for this transaction, or a refusal when it is missing or already finished. A withdrawal
 * awaiting risk review is decided on the review first (issue 24 §4): only a fail may end it meanwhile.
 */
export async function openRetrieval(ex: Executor, id: number, opts: { whileInReview?: boolean } = {}): Promise<RetrievalRow> {
  const row = await lockRetrieval(ex, id);
  if (!row) throw new AppError('ADMIN_WITHDRAWAL_NOT_FOUND', `retrieval ${id}`);
  if (!isOpen(row.state)) throw new AppError('ADMIN_WITHDRAWAL_STATE', `retrieval ${id} state ${row.state}`);
  if (!opts.whileInReview && awaitsReview(row)) throw new AppError('WITHDRAWAL_REVIEW_PENDING', `retrieval ${id}`);
  return row;
}

const snapshot = (r: RetrievalRow) => ({ state: r.state, remark: r.remark, attempts: r.attempts });

/**
 * Approve: one step on (0 → 1 → 2 → 3), as the fulfilment would have moved it; at 3 the item leaves for the
 * player's Steam account. The shared step (backpack/retrieval-steps) moves the item and tells the player.
 */
export async function approveWithdrawal(ctx: ActCtx, actor: Actor, id: number) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await openRetrieval(tx, id);
    // Marking it delivered by hand is refused while the trade bot has (or may have) an offer out for it.
    if (row.state + 1 === SUCCESS) await ctx.fulfilment.release?.({ id }, { tx }, 'completed', '');
    const moved = await applyRetrievalStep(tx, row, row.state + 1, row.state + 1 === SUCCESS ? null : row.remark);
    if (!moved) throw new AppError('ADMIN_WITHDRAWAL_STATE', `retrieval ${id} moved`);
    await audited(tx, actor, 'withdrawal.approve', { type: 'withdrawal', id }, snapshot(row), snapshot(moved));
    return { id, state: moved.state };
  });
}

/** Runs the withdrawal's pending step now, or enqueues one: never a second chain of steps beside the first. */
async function stepNow(tx: Tx, id: number, dedupeKey: string) {
  if (!(await hurryPendingJobs(tx, RETRIEVAL_JOB, 'retrievalId', id)))
    await enqueueJob(tx, { kind: RETRIEVAL_JOB, payload: { retrievalId: id }, dedupeKey, maxAttempts: 20 });
}

/**
 * Retry: the fulfilment step of the current state runs now (a stuck job, a provider outage). A step still
 * pending (waiting for its time, or a trade bot's next look at its offer) is brought forward rather than
 * doubled, so one withdrawal never has two chains of steps.
 */
export async function retryWithdrawal(ctx: Ctx, actor: Actor, id: number) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await openRetrieval(tx, id);
    const counted = await countRetrievalAttempt(tx, id);
    if (!counted) throw new AppError('ADMIN_WITHDRAWAL_NOT_FOUND', `retrieval ${id}`);
    // Otherwise its own key: the job of this state has already run or failed (and a dedupe key is good once).
    await stepNow(tx, id, `retrieval:${id}:${row.state}:retry${counted.attempts}`);
    await audited(tx, actor, 'withdrawal.retry', { type: 'withdrawal', id }, snapshot(row), snapshot(counted));
    return { id, state: counted.state };
  });
}

/**
 * Fail: the withdrawal ends (4) and the item goes back to the player's backpack, in one transaction with
 * the audit row. The row lock and the step's "from this state" condition make a second fail (or a job step
 * in between) refused, so the item returns exactly once. While the trade bot has (or may have) an offer
 * out, no call to Steam is made here (issue 26 §7): the fail is recorded as a request with its audit row and
 * the withdrawal's next step is run now; that step cancels the offer and ends the withdrawal with `reason`,
 * or, when the player accepted first, completes it. Until then the answer and the records say "cancelling".
 */
export async function failWithdrawal(ctx: ActCtx, actor: Actor, id: number, reason: string) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await openRetrieval(tx, id, { whileInReview: true });
    if ((await ctx.fulfilment.release?.({ id }, { tx }, 'failed', reason)) === 'requested') {
      const marked = await stepRetrieval(tx, id, row.state, row.state, CANCELLING);
      if (!marked) throw new AppError('ADMIN_WITHDRAWAL_STATE', `retrieval ${id} moved`);
      await stepNow(tx, id, `retrieval:${id}:${row.state}:release:${Date.now()}`);
      await audited(tx, actor, 'withdrawal.fail', { type: 'withdrawal', id }, snapshot(row), {
        ...snapshot(marked),
        reason,
        cancellingOffer: true,
      });
      return { id, state: marked.state };
    }
    const moved = await applyRetrievalStep(tx, row, FAILED, reason);
    if (!moved) throw new AppError('ADMIN_WITHDRAWAL_STATE', `retrieval ${id} moved`);
    await audited(tx, actor, 'withdrawal.fail', { type: 'withdrawal', id }, snapshot(row), {
      ...snapshot(moved),
      itemReturned: row.inventoryItemId,
    });
    return { id, state: moved.state };
  });
}

/**
 * Complete by hand (manual mode, issue 17): the operator sent the item from Steam themselves and records the
 * trade offer id; the withdrawal ends at 3 from whatever open state it is in, the reference shown to the player
 * in the record's remark and on this screen. One outcome only: the row lock and the step's "from this state"
 * make a second complete or a fail (another operator, a double click) refused; an offer id completes one
 * withdrawal. While the trade bot has an offer out for it, completing is refused (fail cancels that offer).
 */
export async function completeWithdrawal(ctx: ActCtx, actor: Actor, id: number, tradeOfferId: string) {
  try {
    return await runInTransaction(ctx.db, async ({ tx }) => {
      const row = await openRetrieval(tx, id);
      await ctx.fulfilment.release?.({ id }, { tx }, 'completed', '');
      if (!(await recordManualTradeOffer(tx, id, tradeOfferId)))
        throw new AppError('ADMIN_WITHDRAWAL_REFERENCE_USED', `offer ${tradeOfferId}`);
      const moved = await applyRetrievalStep(tx, row, SUCCESS, `Steam 交易报价 ${tradeOfferId}`);
      if (!moved) throw new AppError('ADMIN_WITHDRAWAL_STATE', `retrieval ${id} moved`);
      await audited(tx, actor, 'withdrawal.complete', { type: 'withdrawal', id }, snapshot(row), { ...snapshot(moved), tradeOfferId });
      return { id, state: moved.state };
    });
  } catch (err) {
    // Two withdrawals completed with one offer id at the same moment: the unique index keeps one.
    if (pgErrorCode(err) === '23505') throw new AppError('ADMIN_WITHDRAWAL_REFERENCE_USED', `offer ${tradeOfferId}`);
    throw err;
  }
}
