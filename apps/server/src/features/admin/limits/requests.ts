import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { APPROVAL_VALID_MS, type ApprovalRequest, type ApprovalStatus, type ValueKind } from '@skinfair/contract';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { operators } from '../tables.js';
import { approvalRequests as requests } from './tables.js';
import { selectPage } from '../../../platform/db/paging.js';

/** approval_requests: the queries of the two-person approval (decision 0048). */
export type ApprovalRow = typeof requests.$inferSelect;

/** What a request shows of its parameters: a giveaway's room password only as `true`. */
export function visibleParams(params: unknown): Record<string, unknown> {
  const value = (params ?? {}) as Record<string, unknown>;
  return 'password' in value ? { ...value, password: value.password ? true : false } : value;
}

export async function insertRequest(
  tx: Tx,
  values: {
    kind: ValueKind;
    params: unknown;
    valueFen: number;
    requestedBy: number;
    requestedIp: string | null;
  },
): Promise<ApprovalRow> {
  const [row] = await tx
    .insert(requests)
    .values({
      ...values,
      params: values.params as object,
      expiresAt: new Date(Date.now() + APPROVAL_VALID_MS),
    })
    .returning();
  return row!;
}

/** The request, locked: two approvals of one request run one after the other, and the second sees the first. */
export async function lockRequest(tx: Tx, id: number): Promise<ApprovalRow | null> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
  return row ?? null;
}

/** Marks a locked pending request decided; the stored password goes (it was kept only to run the action). */
export async function decideRequest(
  tx: Tx,
  id: number,
  values: {
    status: 'approved' | 'rejected';
    decidedBy: number;
    decisionNote?: string;
    targetId?: string;
    valueFen?: number;
  },
): Promise<ApprovalRow> {
  const [row] = await tx
    .update(requests)
    .set({ ...values, decidedAt: sql`now()`, params: sql`${requests.params} - 'password'` })
    .where(and(eq(requests.id, id), eq(requests.status, 'pending')))
    .returning();
  if (!row) throw new Error(`approval ${id} moved under its lock`);
  return row;
}

/** Pending requests past their time become expired (no operator decided them); returns them for the audit. */
export async function expireDueRequests(tx: Tx): Promise<ApprovalRow[]> {
  return tx
    .update(requests)
    .set({ status: 'expired', decidedAt: sql`now()`, params: sql`${requests.params} - 'password'` })
    .where(and(eq(requests.status, 'pending'), lte(requests.expiresAt, sql`now()`)))
    .returning();
}

export async function countPending(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(requests)
    .where(and(eq(requests.status, 'pending'), sql`${requests.expiresAt} > now()`));
  return row?.n ?? 0;
}

const requester = alias(operators, 'requester');
const decider = alias(operators, 'decider');

/** A request with the names of the operator who asked and the one who decided (none yet: null). */
const requestViews = (ex: Executor) =>
  ex
    .select({ row: requests, requesterName: requester.name, deciderName: decider.name })
    .from(requests)
    .innerJoin(requester, eq(requester.id, requests.requestedBy))
    .leftJoin(decider, eq(decider.id, requests.decidedBy));

export async function pageRequests(ex: Executor, status: ApprovalStatus | 'all', page: number, pageSize: number) {
  const where: SQL | undefined = status === 'all' ? undefined : eq(requests.status, status);
  const query = requestViews(ex).where(where).orderBy(desc(requests.id));
  return selectPage(ex, { query, from: requests, where }, page, pageSize);
}

export async function findRequestView(ex: Executor, id: number) {
  const [found] = await requestViews(ex).where(eq(requests.id, id));
  return found ?? null;
}

export type RequestView = NonNullable<Awaited<ReturnType<typeof findRequestView>>>;

export function toApprovalRequest(v: RequestView, canDecide: boolean): ApprovalRequest {
  const { row } = v;
  return {
    id: row.id,
    kind: row.kind as ValueKind,
    valueFen: row.valueFen,
    params: visibleParams(row.params),
    status: row.status as ApprovalStatus,
    requestedBy: { id: row.requestedBy, name: v.requesterName },
    requestedAt: toIso(row.requestedAt),
    expiresAt: toIso(row.expiresAt),
    decidedBy: row.decidedBy !== null ? { id: row.decidedBy, name: v.deciderName ?? '' } : null,
    decidedAt: row.decidedAt ? toIso(row.decidedAt) : null,
    decisionNote: row.decisionNote,
    targetId: row.targetId,
    canDecide,
  };
}
