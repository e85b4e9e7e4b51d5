import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toPage, type AuditAction, type auditListParams, type AuditEntry, type Page } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { auditLog, operators } from './tables.js';

/** Who acts: the operator (null for the first-admin command) and the address the call came from. */
export interface Actor {
  operatorId: number | null;
  ip: string | null;
}

export interface AuditTarget {
  type: string;
  id: string | number | null;
}

/**
 * One audit row for one change, written with the change in the same transaction (`tx`): the change and its
 * record commit together or not at all. The table is append-only (a trigger refuses UPDATE and DELETE).
 * `action` is one of the contract's `auditActions`, the list the filter test and docs/OPERATIONS.md share.
 */
export async function audited(
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  target: AuditTarget,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.operatorId,
    action,
    targetType: target.type,
    targetId: target.id === null ? null : String(target.id),
    before: before ?? null,
    after: after ?? null,
    ip: actor.ip,
  });
}

type AuditQuery = z.output<typeof auditListParams>;

/** A day given as YYYY-MM-DD covers the whole day: `to` is exclusive of the next day. */
function parseBound(value: string, endOfDay: boolean): Date {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new AppError('PARAM_INVALID', `bad date ${value}`);
  if (endOfDay && value.length === 10) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export async function listAudit(ex: Executor, q: AuditQuery): Promise<Page<AuditEntry>> {
  const where: SQL[] = [];
  if (q.operatorId !== undefined) where.push(eq(auditLog.operatorId, q.operatorId));
  // Case-blind: the names are camelCase (`player.adjustBalance`), and a lower-case query finds them too.
  if (q.action) where.push(sql`lower(${auditLog.action}) = ${q.action.toLowerCase()}`);
  if (q.targetType) where.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId) where.push(eq(auditLog.targetId, q.targetId));
  if (q.from) where.push(gte(auditLog.at, parseBound(q.from, false)));
  if (q.to) where.push(lt(auditLog.at, parseBound(q.to, true)));
  const filter = where.length ? and(...where) : undefined;
  const [total] = await ex.select({ n: count() }).from(auditLog).where(filter);
  const rows = await ex
    .select({ entry: auditLog, operatorName: operators.name })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(filter)
    .orderBy(desc(auditLog.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return toPage(
    rows.map(({ entry, operatorName }) => ({
      id: entry.id,
      operatorId: entry.operatorId,
      operatorName,
      at: entry.at.toISOString(),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
    })),
    q.page,
    q.pageSize,
    total?.n ?? 0,
  );
}
