import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AdminRole, Operator } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { operators } from './tables.js';
import { likePattern } from '../../platform/db/like.js';

export type OperatorRow = typeof operators.$inferSelect;

/** The public view: never the password hash or the TOTP secret. */
export const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  name: row.name,
  role: row.role as AdminRole,
  enrolled: row.enrolled,
  disabled: row.disabled,
  mustChangePassword: row.mustChangePassword,
  passwordExpiresAt: row.passwordExpiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What a change to an operator may set (never the name or the id). */
export type OperatorChange = Partial<
  Pick<
    OperatorRow,
    'role' | 'disabled' | 'enrolled' | 'totpSecretEnc' | 'lastTotpStep' | 'passwordHash' | 'mustChangePassword' | 'passwordExpiresAt'
  >
>;

export async function findOperator(ex: Executor, id: number): Promise<OperatorRow | undefined> {
  const [row] = await ex.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

/** Locks the row for a change (role, disabled, two-factor), so concurrent changes apply one by one. */
export async function lockOperator(ex: Executor, id: number): Promise<OperatorRow | undefined> {
  const [row] = await ex.select().from(operators).where(eq(operators.id, id)).for('update').limit(1);
  return row;
}

export async function findOperatorByName(ex: Executor, name: string): Promise<OperatorRow | undefined> {
  const [row] = await ex.select().from(operators).where(eq(operators.name, name)).limit(1);
  return row;
}

export async function insertOperator(
  ex: Executor,
  values: {
    name: string;
    passwordHash: string;
    role: AdminRole;
    mustChangePassword: boolean;
    passwordExpiresAt: Date | null;
  },
): Promise<OperatorRow> {
  const [row] = await ex.insert(operators).values(values).returning();
  return row!;
}

export async function updateOperator(ex: Executor, id: number, values: OperatorChange): Promise<OperatorRow> {
  const [row] = await ex.update(operators).set(values).where(eq(operators.id, id)).returning();
  return row!;
}

/**
 * The operator's own new password, only if the password is still the one just checked (an admin's reset
 * in between wins: its one-time password stands and this session has ended). Clears the forced change.
 */
export async function replaceOwnPassword(
  ex: Executor,
  id: number,
  checkedHash: string,
  passwordHash: string,
): Promise<{ before: OperatorRow; after: OperatorRow } | null> {
  const [before] = await ex
    .select()
    .from(operators)
    .where(and(eq(operators.id, id), eq(operators.passwordHash, checkedHash)))
    .for('update')
    .limit(1);
  if (!before || before.disabled) return null;
  const after = await updateOperator(ex, id, {
    passwordHash,
    mustChangePassword: false,
    passwordExpiresAt: null,
  });
  return { before, after };
}

/**
 * A fresh enrolment secret for an operator not yet enrolled; false if they enrolled meanwhile (a login that
 * read the row before a concurrent enrolment must not replace the secret now in use).
 */
export async function offerEnrolment(ex: Executor, id: number, totpSecretEnc: string): Promise<boolean> {
  const rows = await ex
    .update(operators)
    .set({ totpSecretEnc, lastTotpStep: null })
    .where(and(eq(operators.id, id), eq(operators.enrolled, false)))
    .returning({ id: operators.id });
  return rows.length === 1;
}

/**
 * Accepts a TOTP step only if later than the last one accepted (a code works once) and only for the secret
 * it was checked against (a concurrent login or reset may have replaced it); false otherwise. `enrolled`
 * is the secret to keep from now on (enrolment: no longer bound to the session that was shown it).
 */
export async function acceptTotpStep(ex: Executor, id: number, step: number, checked: string, enrolled: string): Promise<boolean> {
  const rows = await ex
    .update(operators)
    .set({ lastTotpStep: step, enrolled: true, totpSecretEnc: enrolled })
    .where(
      and(
        eq(operators.id, id),
        eq(operators.disabled, false),
        eq(operators.totpSecretEnc, checked),
        sql`(${operators.lastTotpStep} IS NULL OR ${operators.lastTotpStep} < ${step})`,
      ),
    )
    .returning({ id: operators.id });
  return rows.length === 1;
}

/** Locks every active admin row, so two concurrent demotions cannot both see "another admin remains". */
export async function countActiveAdmins(ex: Executor): Promise<number> {
  const rows = await ex
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), eq(operators.disabled, false)))
    .orderBy(asc(operators.id))
    .for('update');
  return rows.length;
}

export async function listOperators(
  ex: Executor,
  q: {
    search?: string | undefined;
    role?: AdminRole | undefined;
    disabled: number;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: OperatorRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.search) where.push(ilike(operators.name, likePattern(q.search)));
  if (q.role) where.push(eq(operators.role, q.role));
  if (q.disabled === 0 || q.disabled === 1) where.push(eq(operators.disabled, q.disabled === 1));
  const filter = where.length ? and(...where) : undefined;
  const [total] = await ex.select({ n: count() }).from(operators).where(filter);
  const rows = await ex
    .select()
    .from(operators)
    .where(filter)
    .orderBy(asc(operators.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}
