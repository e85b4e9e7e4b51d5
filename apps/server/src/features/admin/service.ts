import type { z } from 'zod';
import {
  rolePermissions,
  toPage,
  type AdminLoginResult,
  type AdminMe,
  type AdminRole,
  type AuditAction,
  type Operator,
  type OperatorResetResult,
  type operatorListParams,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/index.js';
import { addressKey } from '../../platform/http/exposure.js';
import { releaseThrottle, reserveGuess, resetThrottle, type GuessBudget } from '../../platform/throttle/index.js';
import { audited, type Actor } from './audit.js';
import {
  acceptTotpStep,
  countActiveAdmins,
  findOperator,
  findOperatorByName,
  insertOperator,
  listOperators,
  lockOperator,
  offerEnrolment,
  toOperator,
  updateOperator,
  type OperatorChange,
  type OperatorRow,
} from './repo.js';
import {
  createOperatorSession,
  isKnownOperatorAddress,
  markSessionVerified,
  revokeOperatorSession,
  revokeOperatorSessions,
  type LiveOperatorSession,
} from './sessions.js';
import { matchTotpStep, newTotpSecret, openTotpSecret, sealTotpSecret } from './totp.js';
import { newOneTimePassword, oneTimePasswordExpiry } from './one-time-password.js';

export type AdminCtx = Pick<AppContext, 'db' | 'hash' | 'config'>;

/**
 * security.md "Brute force", as for players (features/auth): each guess is counted before it is checked,
 * per login name and per address, with doubling waits. Operators have no SMS way round a lock, so the
 * per-name wait stops at an hour; another admin can also reset the account's two-factor.
 */
export const NAME_BUDGET: GuessBudget = {
  free: 5,
  firstWaitMs: 60_000,
  maxWaitMs: 3_600_000,
  forgetMs: 24 * 3_600_000,
};
const ADDRESS_BUDGET: GuessBudget = {
  free: 20,
  firstWaitMs: 60_000,
  maxWaitMs: 3_600_000,
  forgetMs: 3_600_000,
};
/**
 * Six digits are 10⁶ guesses: five, then doubling waits, per operator (not per session: a new login would
 * reset it). Once at the one-hour wait it stays there while the guessing goes on (platform/throttle counts
 * the quiet hour from the end of the last wait), so about 24 codes a day at most.
 */
const TOTP_BUDGET: GuessBudget = { free: 5, firstWaitMs: 60_000, maxWaitMs: 3_600_000, forgetMs: 3_600_000 };
/**
 * Guesses from strangers share a budget; an address the operator has passed two-factor from (`knownIp`)
 * has one of its own there, so nobody elsewhere, not even someone holding the password, can lock the
 * operator out of their usual address. Used for the password and for the code alike.
 */
const budgetKey = (shared: string, knownIp: string | null) => (knownIp === null ? shared : `${shared}:from:${addressKey(knownIp)}`);
/** One budget per secret: the login and the password change guess the same password. */
export const passwordBudgetKey = (name: string, knownIp: string | null) => budgetKey(`admin-login:name:${name}`, knownIp);

export async function adminLogin(ctx: AdminCtx, params: { name: string; password: string }, ip: string): Promise<AdminLoginResult> {
  const operator = await findOperatorByName(ctx.db, params.name);
  const known = operator !== undefined && (await isKnownOperatorAddress(ctx.db, operator.id, ip));
  const byName = passwordBudgetKey(params.name, known ? ip : null);
  const byAddress = `admin-login:ip:${addressKey(ip)}`;
  if (!(await reserveGuess(ctx.db, byName, NAME_BUDGET)).allowed) throw new AppError('ADMIN_LOGIN_LOCKED', 'name');
  if (!(await reserveGuess(ctx.db, byAddress, ADDRESS_BUDGET)).allowed) {
    await releaseThrottle(ctx.db, byName);
    throw new AppError('ADMIN_LOGIN_LOCKED', 'address');
  }
  // The same work whether or not the name exists; a disabled account answers like a wrong password.
  const ok = await verifyPassword(operator?.passwordHash ?? (await dummyPasswordHash()), params.password);
  if (!operator || !ok || operator.disabled) throw new AppError('ADMIN_LOGIN_FAILED');
  await resetThrottle(ctx.db, byName);
  await releaseThrottle(ctx.db, byAddress);
  // An admin's one-time password left unused past its time: only a new reset lets this operator in.
  if (operator.passwordExpiresAt && operator.passwordExpiresAt.getTime() <= Date.now()) throw new AppError('ADMIN_PASSWORD_EXPIRED');
  return runInTransaction(ctx.db, async ({ tx }) => {
    const { token, sessionId } = await createOperatorSession(tx, operator.id, ctx.config.adminSession, ip);
    if (operator.enrolled) return { token, next: 'totp' as const, enrolment: null };
    // Not enrolled yet: a new secret at each attempt, shown once, good only in this login's session
    // (another pending session, stolen or left open, cannot enrol it), confirmed by the first right code.
    const secret = newTotpSecret(operator.name);
    if (!(await offerEnrolment(tx, operator.id, sealTotpSecret(ctx.hash, secret.base32, sessionId))))
      return { token, next: 'totp' as const, enrolment: null };
    return { token, next: 'enrol' as const, enrolment: { uri: secret.uri, secret: secret.base32 } };
  });
}

/** The second step: a right code makes the session whole (and, the first time, completes enrolment). */
export async function adminVerifyTotp(ctx: AdminCtx, session: LiveOperatorSession, code: string, ip: string): Promise<AdminMe> {
  const operator = await findOperator(ctx.db, session.operatorId);
  if (!operator?.totpSecretEnc || operator.disabled) throw new AppError('ADMIN_NOT_LOGGED_IN');
  const known = await isKnownOperatorAddress(ctx.db, operator.id, ip);
  const key = budgetKey(`admin-totp:op:${operator.id}`, known ? ip : null);
  const reservation = await reserveGuess(ctx.db, key, TOTP_BUDGET);
  if (!reservation.allowed) throw new AppError('ADMIN_LOGIN_LOCKED', 'totp');
  const sealed = operator.totpSecretEnc;
  const secret = openTotpSecret(ctx.hash, sealed, session.sessionId);
  const step = secret === null ? null : matchTotpStep(operator.name, secret, code);
  if (secret === null || step === null) throw new AppError('ADMIN_TOTP_WRONG');
  const enrolling = !operator.enrolled;
  const keep = enrolling ? sealTotpSecret(ctx.hash, secret) : sealed;
  const accepted = await runInTransaction(ctx.db, async ({ tx }) => {
    if (!(await acceptTotpStep(tx, operator.id, step, sealed, keep))) return false;
    await markSessionVerified(tx, session.sessionId);
    if (enrolling)
      await audited(
        tx,
        { operatorId: operator.id, ip },
        'operator.totp-enrol',
        { type: 'operator', id: operator.id },
        { enrolled: false },
        { enrolled: true },
      );
    return true;
  });
  // A code already used (replayed), or a secret replaced meanwhile, counts as a wrong guess.
  if (!accepted) throw new AppError('ADMIN_TOTP_WRONG', 'replayed step');
  await resetThrottle(ctx.db, key);
  return adminMe(ctx, { ...session, verified: true });
}

export async function adminLogout(ctx: AdminCtx, session: LiveOperatorSession): Promise<true> {
  await revokeOperatorSession(ctx.db, session.sessionId);
  return true;
}

export async function adminMe(ctx: AdminCtx, session: LiveOperatorSession): Promise<AdminMe> {
  const operator = await findOperator(ctx.db, session.operatorId);
  if (!operator) throw new AppError('ADMIN_NOT_LOGGED_IN');
  return {
    ...toOperator(operator),
    permissions: [...rolePermissions[operator.role as AdminRole]],
    idleExpiresAt: session.idleExpiresAt,
  };
}

export async function pageOperators(ctx: AdminCtx, q: z.output<typeof operatorListParams>): Promise<Page<Operator>> {
  const { rows, total } = await listOperators(ctx.db, q);
  return toPage(rows.map(toOperator), q.page, q.pageSize, total);
}

/**
 * Who chose the initial password: the operator themself (`own`, the command line's piped password), or
 * someone else, who must not keep knowing it: the operator sets a new one after two-factor at the first
 * login (`given`; an admin's initial password also stops working after `expiresAt`).
 */
export type InitialPassword = { kind: 'own' } | { kind: 'given'; expiresAt: Date | null };

/** Creates an operator who must enrol two-factor at first login; audited (null actor: the first-admin command). */
export async function createOperator(
  ctx: Pick<AdminCtx, 'db'>,
  actor: Actor,
  params: { name: string; password: string; role: AdminRole },
  initial: InitialPassword = { kind: 'own' },
): Promise<Operator> {
  const passwordHash = await hashPassword(params.password);
  try {
    return await runInTransaction(ctx.db, async ({ tx }) => {
      const row = await insertOperator(tx, {
        name: params.name,
        passwordHash,
        role: params.role,
        mustChangePassword: initial.kind === 'given',
        passwordExpiresAt: initial.kind === 'given' ? initial.expiresAt : null,
      });
      const view = toOperator(row);
      await audited(tx, actor, 'operator.create', { type: 'operator', id: row.id }, null, view);
      return view;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'operators_name') throw new AppError('ADMIN_NAME_TAKEN');
    throw err;
  }
}

/**
 * One change to one operator under a row lock, audited with its before and after. Changes that reduce what
 * the account can do end its sessions, so they take effect at once.
 */
async function changeOperator(
  ctx: AdminCtx,
  actor: Actor,
  id: number,
  action: AuditAction,
  change: (row: OperatorRow, tx: Tx) => Promise<OperatorChange>,
): Promise<Operator> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const row = await lockOperator(tx, id);
    if (!row) throw new AppError('ADMIN_OPERATOR_NOT_FOUND');
    const values = await change(row, tx);
    const updated = await updateOperator(tx, id, values);
    await revokeOperatorSessions(tx, id);
    const before = toOperator(row);
    const after = toOperator(updated);
    await audited(tx, actor, action, { type: 'operator', id }, before, after);
    return after;
  });
}

/** The console must always keep one working admin (else only the command line could get back in). */
async function assertAdminsRemain(tx: Tx, row: OperatorRow, losesAdmin: boolean): Promise<void> {
  if (losesAdmin && row.role === 'admin' && !row.disabled && (await countActiveAdmins(tx)) <= 1) throw new AppError('ADMIN_LAST_ADMIN');
}

export function setOperatorRole(ctx: AdminCtx, actor: Actor, id: number, role: AdminRole): Promise<Operator> {
  return changeOperator(ctx, actor, id, 'operator.set-role', async (row, tx) => {
    await assertAdminsRemain(tx, row, role !== 'admin');
    return { role };
  });
}

export function setOperatorDisabled(ctx: AdminCtx, actor: Actor, id: number, disabled: boolean): Promise<Operator> {
  return changeOperator(ctx, actor, id, disabled ? 'operator.disable' : 'operator.enable', async (row, tx) => {
    if (disabled && id === actor.operatorId) throw new AppError('ADMIN_LAST_ADMIN', 'self');
    await assertAdminsRemain(tx, row, disabled);
    return { disabled };
  });
}

/**
 * A new password only the admin has seen, shown to them once (issue 24 §10): the operator logs in with it,
 * passes two-factor, then must set their own. Another operator's only: one's own password is changed
 * with the current one (account.ts), and a session thief must not turn a session into the account.
 */
async function resetWithOneTimePassword(
  ctx: AdminCtx,
  actor: Actor,
  id: number,
  action: 'operator.resetPassword' | 'operator.reset-totp',
  also: OperatorChange,
): Promise<OperatorResetResult> {
  if (id === actor.operatorId) throw new AppError('ADMIN_RESET_SELF');
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const expiresAt = oneTimePasswordExpiry();
  const operator = await changeOperator(ctx, actor, id, action, async () => ({
    ...also,
    passwordHash,
    mustChangePassword: true,
    passwordExpiresAt: expiresAt,
  }));
  return { operator, oneTimePassword, expiresAt: expiresAt.toISOString() };
}

/** A forgotten or leaked password; the operator's two-factor stays. Ends all their sessions. */
export function resetOperatorPassword(ctx: AdminCtx, actor: Actor, id: number): Promise<OperatorResetResult> {
  return resetWithOneTimePassword(ctx, actor, id, 'operator.resetPassword', {});
}

/**
 * A lost phone: the operator enrols again at the next login. The password is reset with it, so that only
 * the holder of the new one-time password (not whoever phished the old password) can enrol.
 */
export function resetOperatorTotp(ctx: AdminCtx, actor: Actor, id: number): Promise<OperatorResetResult> {
  return resetWithOneTimePassword(ctx, actor, id, 'operator.reset-totp', {
    enrolled: false,
    totpSecretEnc: null,
    lastTotpStep: null,
  });
}
