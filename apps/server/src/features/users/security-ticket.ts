import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { consumeTicket } from '../../platform/auth/index.js';
import type { UserRow } from './repo.js';

type SecurityWay = 0 | 1;

/**
 * Spends a security-check token and tells which way passed it. Spent in the caller's transaction, so a
 * change refused after it (or rolled back) leaves the token for another try.
 */
export async function spendSecurityToken(ex: Executor, userId: number, token: string | undefined): Promise<SecurityWay> {
  const ticket = token ? await consumeTicket(ex, 'security', token, userId) : null;
  if (!ticket) throw new AppError('SECURITY_CHECK_REQUIRED');
  return ticket.payload.way === 1 ? 1 : 0;
}

/**
 * Binding or changing a credential (or the trade link, issue 24 §1) needs the one already there: with a
 * phone on the account, a security check passed by that phone. An account without a phone has nothing
 * stronger than the mail itself; one with neither (Steam only) has nothing to prove with.
 */
export async function requireExistingCredential(ex: Executor, user: UserRow, token: string | undefined): Promise<void> {
  if (!user.mobile && !user.email) return;
  const way = await spendSecurityToken(ex, user.id, token);
  if (user.mobile && way !== 0) throw new AppError('SECURITY_CHECK_REQUIRED', 'phone check needed');
}
