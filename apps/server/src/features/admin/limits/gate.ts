import type { z } from 'zod';
import type { AdminPermission, ApprovalPending, ValueKind } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction, type TxScope } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { audited, type Actor } from '../audit.js';
import { findRequestView, insertRequest, toApprovalRequest, visibleParams } from './requests.js';
import { readLimits } from './settings.js';
import { capRefusal, chargeValue, countedToday } from './tally.js';

/**
 * The gate every value-creating console action passes (issue 24 §11, decision 0048): its value is
 * counted against the operator's daily cap of its kind in the action's own transaction, and an action
 * worth more than the kind's approval threshold is not run but stored as a request for a second operator.
 */

export type LimitCtx = Pick<AppContext, 'db' | 'live' | 'hash' | 'config'>;

/** Who acts; when the action runs on an approval, which request and which second operator approved it. */
export interface LimitActor extends Actor {
  approval?: { id: number; approvedBy: number };
}

/** What the action's audit row adds so that it names both operators. */
export const approvalNote = (actor: LimitActor) =>
  actor.approval ? { approvalId: actor.approval.id, approvedBy: actor.approval.approvedBy } : {};

export interface Performed<R> {
  result: R;
  /** The value created (decision 0048 defines it per kind), fen. */
  valueFen: number;
  /** What was created, for the request's record. */
  targetId: string | number;
  /** Needs a second operator whatever its value (a password-protected official giveaway). */
  alwaysApprove?: boolean;
}

export interface LimitedAction<P, R> {
  kind: ValueKind;
  /** The permission an approver must hold too: the action's own route permission. */
  permission: AdminPermission;
  /** The action's contract schema: a stored request's parameters are parsed again before they run. */
  params: z.ZodType<P>;
  /** Does the action in the caller's transaction (audit row included) and says what it created. */
  perform(ctx: LimitCtx, scope: TxScope, actor: LimitActor, p: P): Promise<Performed<R>>;
}

/** Thrown out of the first transaction so that nothing of the action is kept when it needs approval. */
class ApprovalNeeded extends Error {
  constructor(readonly valueFen: number) {
    super('approval needed');
  }
}

function operatorOf(actor: Actor): number {
  if (actor.operatorId === null) throw new AppError('INTERNAL', 'a limited action needs an operator');
  return actor.operatorId;
}

/**
 * Runs the action, measured by what it actually created: at or under the threshold it commits with its
 * value added to the operator's tally (refused over the cap, nothing written); above it, or when it always
 * needs approval, the work is rolled back and a pending request is stored instead.
 */
export async function runLimited<P, R>(ctx: LimitCtx, actor: Actor, action: LimitedAction<P, R>, p: P): Promise<R | ApprovalPending> {
  const operatorId = operatorOf(actor);
  try {
    return await runInTransaction(ctx.db, async (scope) => {
      const done = await action.perform(ctx, scope, actor, p);
      const limit = (await readLimits(scope.tx)).kinds[action.kind];
      if (done.alwaysApprove || done.valueFen > limit.approvalAboveFen) throw new ApprovalNeeded(done.valueFen);
      await chargeValue(scope.tx, action.kind, done.valueFen, limit.capFen, [{ operatorId, role: 'own', refusal: 'LIMIT_DAILY_CAP' }]);
      return done.result;
    });
  } catch (err) {
    if (!(err instanceof ApprovalNeeded)) throw err;
    return { approval: await requestApproval(ctx, actor, action, p, err.valueFen) };
  }
}

/**
 * Stores the request. A request that could not fit the requester's cap even now is refused at once (the
 * cap is counted for real when it is approved: the requester's and the approver's).
 */
async function requestApproval<P, R>(ctx: LimitCtx, actor: Actor, action: LimitedAction<P, R>, p: P, valueFen: number) {
  const operatorId = operatorOf(actor);
  return runInTransaction(ctx.db, async ({ tx }) => {
    const { capFen } = (await readLimits(tx)).kinds[action.kind];
    const counted = await countedToday(tx, operatorId, action.kind);
    if (counted + valueFen > capFen) throw capRefusal('LIMIT_DAILY_CAP', action.kind, capFen, counted, valueFen);
    const row = await insertRequest(tx, {
      kind: action.kind,
      params: p,
      valueFen,
      requestedBy: operatorId,
      requestedIp: actor.ip,
    });
    await audited(tx, actor, 'approval.request', { type: 'approval', id: row.id }, null, {
      kind: action.kind,
      valueFen,
      params: visibleParams(p),
    });
    const view = await findRequestView(tx, row.id);
    return toApprovalRequest(view!, false);
  });
}
