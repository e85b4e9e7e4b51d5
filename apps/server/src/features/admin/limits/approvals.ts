import {
  roleHasPermission,
  toPage,
  type AdminRole,
  type ApprovalRequest,
  type approvalListParams,
  type Page,
  type ValueKind,
} from '@skinfair/contract';
import type { z } from 'zod';
import { runInTransaction } from '../../../platform/db/tx.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import { audited } from '../audit.js';
import { findOperator, type OperatorRow } from '../repo.js';
import type { LimitedActions } from './actions.js';
import type { LimitCtx } from './gate.js';
import {
  decideRequest,
  expireDueRequests,
  findRequestView,
  lockRequest,
  pageRequests,
  toApprovalRequest,
  type ApprovalRow,
  type RequestView,
} from './requests.js';
import { readLimits } from './settings.js';
import { chargeValue } from './tally.js';

/**
 * Deciding a request (decision 0048): another operator than the requester, whose role holds the action's
 * own permission, approves it (the action then runs, once, under the request's row lock) or rejects it.
 */

export interface Decider {
  operator: OperatorRow;
  ip: string;
}

const mayDecide = (actions: LimitedActions, row: ApprovalRow, operator: OperatorRow) =>
  row.status === 'pending' &&
  row.expiresAt.getTime() > Date.now() &&
  row.requestedBy !== operator.id &&
  roleHasPermission(operator.role as AdminRole, actions[row.kind as ValueKind].permission);

const view = (actions: LimitedActions, v: RequestView, operator: OperatorRow) => toApprovalRequest(v, mayDecide(actions, v.row, operator));

/** Pending requests past their 24 hours become expired, each with an audit row (no operator: the clock). */
export async function expireDue(db: Db): Promise<void> {
  await runInTransaction(db, async ({ tx }) => {
    for (const row of await expireDueRequests(tx))
      await audited(
        tx,
        { operatorId: null, ip: null },
        'approval.expire',
        { type: 'approval', id: row.id },
        { status: 'pending' },
        {
          status: 'expired',
          kind: row.kind,
          requestedBy: row.requestedBy,
        },
      );
  });
}

export async function listApprovals(
  db: Db,
  actions: LimitedActions,
  operator: OperatorRow,
  q: z.output<typeof approvalListParams>,
): Promise<Page<ApprovalRequest>> {
  await expireDue(db);
  const { rows, totalRows } = await pageRequests(db, q.status, q.page, q.pageSize);
  return toPage(
    rows.map((v) => view(actions, v, operator)),
    q.page,
    q.pageSize,
    totalRows,
  );
}

/** The checks before a decision, on the locked row; the database's checks are the backstop (not self). */
async function lockDecidable(actions: LimitedActions, tx: Parameters<typeof lockRequest>[0], id: number, operator: OperatorRow) {
  const row = await lockRequest(tx, id);
  if (!row) throw new AppError('APPROVAL_NOT_FOUND', `approval ${id}`);
  if (row.status === 'expired' || (row.status === 'pending' && row.expiresAt.getTime() <= Date.now()))
    throw new AppError('APPROVAL_EXPIRED', `approval ${id}`);
  if (row.status !== 'pending') throw new AppError('APPROVAL_DECIDED', `approval ${id} ${row.status}`);
  if (row.requestedBy === operator.id) throw new AppError('APPROVAL_OWN_REQUEST', `approval ${id}`);
  const action = actions[row.kind as ValueKind];
  if (!roleHasPermission(operator.role as AdminRole, action.permission)) throw new AppError('ADMIN_FORBIDDEN', action.permission);
  return { row, action };
}

/**
 * Runs the requested action as the requester's, approved by `decider`: its audit row names both. The value
 * actually created counts against the requester's cap (their own) and the approver's (co-signed), so a
 * pair of operators approving each other cannot double what one of them may create in a day.
 */
export async function approveRequest(ctx: LimitCtx, actions: LimitedActions, decider: Decider, id: number): Promise<ApprovalRequest> {
  return runInTransaction(ctx.db, async (scope) => {
    const { tx } = scope;
    const { row, action } = await lockDecidable(actions, tx, id, decider.operator);
    const requester = await findOperator(tx, row.requestedBy);
    if (!requester || requester.disabled || !roleHasPermission(requester.role as AdminRole, action.permission))
      throw new AppError('APPROVAL_REQUESTER_GONE', `approval ${id}`);
    const parsed = action.params.safeParse(row.params);
    if (!parsed.success) throw new AppError('APPROVAL_PARAMS_STALE', `approval ${id}`);
    const done = await action.perform(
      ctx,
      scope,
      { operatorId: row.requestedBy, ip: decider.ip, approval: { id, approvedBy: decider.operator.id } },
      parsed.data,
    );
    const { capFen } = (await readLimits(tx)).kinds[action.kind];
    await chargeValue(tx, action.kind, done.valueFen, capFen, [
      { operatorId: row.requestedBy, role: 'own', refusal: 'LIMIT_DAILY_CAP' },
      { operatorId: decider.operator.id, role: 'cosigned', refusal: 'APPROVAL_APPROVER_CAP' },
    ]);
    const targetId = String(done.targetId);
    await decideRequest(tx, id, {
      status: 'approved',
      decidedBy: decider.operator.id,
      targetId,
      valueFen: done.valueFen,
    });
    await audited(
      tx,
      { operatorId: decider.operator.id, ip: decider.ip },
      'approval.approve',
      { type: 'approval', id },
      { status: 'pending', valueFen: row.valueFen },
      {
        status: 'approved',
        kind: row.kind,
        valueFen: done.valueFen,
        requestedBy: row.requestedBy,
        targetId,
      },
    );
    return view(actions, (await findRequestView(tx, id))!, decider.operator);
  });
}

export async function rejectRequest(
  db: Db,
  actions: LimitedActions,
  decider: Decider,
  id: number,
  reason: string,
): Promise<ApprovalRequest> {
  return runInTransaction(db, async ({ tx }) => {
    const { row } = await lockDecidable(actions, tx, id, decider.operator);
    await decideRequest(tx, id, { status: 'rejected', decidedBy: decider.operator.id, decisionNote: reason });
    await audited(
      tx,
      { operatorId: decider.operator.id, ip: decider.ip },
      'approval.reject',
      { type: 'approval', id },
      { status: 'pending' },
      {
        status: 'rejected',
        kind: row.kind,
        valueFen: row.valueFen,
        requestedBy: row.requestedBy,
        reason,
      },
    );
    return view(actions, (await findRequestView(tx, id))!, decider.operator);
  });
}
