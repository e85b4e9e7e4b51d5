import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../tables.js';

const KINDS = sql.raw(`('redPacket', 'coupon', 'goldenCode', 'balanceCredit', 'officialGiveaway')`);

/**
 * Value an operator created in a Beijing day, per kind (issue 24 §11, decision 0048). One row per
 * (operator, day, kind), raised in the same transaction as the action by one conditional upsert that
 * refuses to pass the cap, so two concurrent actions of one operator cannot both fit under it.
 */
export const operatorValueTallies = pgTable(
  'operator_value_tallies',
  {
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    /** The operator's own actions (alone, or approved by a second operator). */
    ownFen: bigint('own_fen', { mode: 'number' }).notNull().default(0),
    /** Other operators' actions this operator approved: they count against the approver's cap too. */
    cosignedFen: bigint('cosigned_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'operator_value_tallies_pk', columns: [t.operatorId, t.day, t.kind] }),
    index('operator_value_tallies_day').on(t.day),
    check('operator_value_tallies_kind', sql`${t.kind} IN ${KINDS}`),
    check('operator_value_tallies_amounts', sql`${t.ownFen} >= 0 AND ${t.cosignedFen} >= 0`),
  ],
);

/**
 * Two-person approval: an action worth more than its kind's threshold is stored here instead of run; a
 * second operator with the same permission approves it (the action then runs once) or rejects it, within
 * 24 hours. The checks are the backstop of the service's rules: nobody decides their own request.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The action's parameters as the contract parsed them; a giveaway's password is erased once decided. */
    params: jsonb('params').notNull(),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    requestedIp: text('requested_ip'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Null while pending, and for a request that expired. */
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** What the approved action created (voucher, code, transfer or giveaway id). */
    targetId: text('target_id'),
  },
  (t) => [
    index('approval_requests_status').on(t.status, t.id),
    check('approval_requests_kind', sql`${t.kind} IN ${KINDS}`),
    check('approval_requests_status', sql`${t.status} IN ('pending', 'approved', 'rejected', 'expired')`),
    check('approval_requests_value', sql`${t.valueFen} >= 0`),
    check('approval_requests_not_self', sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
    check(
      'approval_requests_decided',
      sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)
       AND (${t.status} IN ('approved', 'rejected')) = (${t.decidedBy} IS NOT NULL)`,
    ),
  ],
);
