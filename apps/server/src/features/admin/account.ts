import type { z } from 'zod';
import type { changeOwnPasswordParams, OperatorSession } from '@skinfair/contract';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/auth/index.js';
import { reserveGuess, resetThrottle } from '../../platform/throttle/index.js';
import { audited } from './audit.js';
import { replaceOwnPassword, toOperator, type OperatorRow } from './repo.js';
import {
  isKnownOperatorAddress,
  listLiveOperatorSessions,
  revokeOperatorSessions,
  revokeOwnOperatorSession,
  type LiveOperatorSession,
  type OperatorSessionRow,
} from './sessions.js';
import { NAME_BUDGET, passwordBudgetKey, type AdminCtx } from './service.js';

/** The operator's own account (issue 24 §10): their password and their sessions; every change audited. */
export interface Self {
  operator: OperatorRow;
  session: LiveOperatorSession;
  ip: string;
}

const actorOf = (self: Self) => ({ operatorId: self.operator.id, ip: self.ip });

/**
 * The current password and a new one. A stolen session must not be a way to guess the password, nor to
 * lock its owner out by changing it: the current one is required, from the login's own guess budget. The
 * other sessions end (whoever else held one is out); this one stays.
 */
export async function changeOwnPassword(
  ctx: AdminCtx,
  self: Self,
  params: z.output<typeof changeOwnPasswordParams>,
): Promise<{ endedSessions: number }> {
  const { operator } = self;
  const known = await isKnownOperatorAddress(ctx.db, operator.id, self.ip);
  const key = passwordBudgetKey(operator.name, known ? self.ip : null);
  if (!(await reserveGuess(ctx.db, key, NAME_BUDGET)).allowed) throw new AppError('ADMIN_LOGIN_LOCKED', 'password change');
  if (!(await verifyPassword(operator.passwordHash, params.currentPassword))) throw new AppError('ADMIN_PASSWORD_WRONG');
  await resetThrottle(ctx.db, key);
  // A one-time password typed back as the new one would stay known to the admin who issued it.
  if (params.newPassword === params.currentPassword) throw new AppError('ADMIN_PASSWORD_SAME');
  const passwordHash = await hashPassword(params.newPassword);
  return runInTransaction(ctx.db, async ({ tx }) => {
    const changed = await replaceOwnPassword(tx, operator.id, operator.passwordHash, passwordHash);
    // Reset or disabled since this request began: that change stands and this session has ended.
    if (!changed) throw new AppError('ADMIN_NOT_LOGGED_IN', 'password replaced meanwhile');
    const endedSessions = await revokeOperatorSessions(tx, operator.id, self.session.sessionId);
    await audited(tx, actorOf(self), 'operator.changePassword', { type: 'operator', id: operator.id }, toOperator(changed.before), {
      ...toOperator(changed.after),
      endedSessions,
    });
    return { endedSessions };
  });
}

const sessionView = (row: OperatorSessionRow, currentId: number): OperatorSession => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  ip: row.ip,
  verified: row.verified,
  current: row.id === currentId,
});

export async function listOwnSessions(ctx: AdminCtx, self: Self): Promise<OperatorSession[]> {
  const rows = await listLiveOperatorSessions(ctx.db, self.operator.id);
  return rows.map((row) => sessionView(row, self.session.sessionId));
}

/** One of the operator's own live sessions (this one too: a logout); another's answers like a missing one. */
export async function endOwnSession(ctx: AdminCtx, self: Self, sessionId: number): Promise<{ ended: number }> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const ended = await revokeOwnOperatorSession(tx, self.operator.id, sessionId);
    if (!ended) throw new AppError('ADMIN_SESSION_NOT_FOUND');
    const before = sessionView(ended, self.session.sessionId);
    await audited(tx, actorOf(self), 'operator.endSession', { type: 'operator_session', id: sessionId }, before, { ended: true });
    return { ended: 1 };
  });
}

/** Every session of the operator but this one ("log out everywhere else"). */
export async function endOtherSessions(ctx: AdminCtx, self: Self): Promise<{ ended: number }> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const ended = await revokeOperatorSessions(tx, self.operator.id, self.session.sessionId);
    await audited(
      tx,
      actorOf(self),
      'operator.endOtherSessions',
      { type: 'operator', id: self.operator.id },
      { liveSessions: ended + 1 },
      { liveSessions: 1 },
    );
    return { ended };
  });
}
