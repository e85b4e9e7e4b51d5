import type { AuthResult, SignUpParams } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/errors.js';
import {
  dummyPasswordHash,
  hashPassword,
  listSessions,
  revokeSession,
  revokeUserSession,
  verifyPassword,
} from '../../platform/auth/index.js';
import { releaseThrottle, reserveGuess, resetThrottle, type GuessBudget } from '../../platform/throttle/index.js';
import {
  createUser,
  findUserByInvitationCode,
  findUserByMobile,
  replacePassword,
  requireActiveUser,
  type UserRow,
} from '../users/index.js';
import { verifySmsCode } from '../verification/index.js';
import { sendMessage } from '../messages/index.js';
import { welcomeMessage } from './welcome.js';
import { startSession, type RequestMeta } from './start-session.js';
import { recordInvitation } from '../promotion/index.js';
import { grantWelcomeRedPacket } from '../vouchers/index.js';
import { ensurePairs, setMissingClientSeed } from '../fairness/index.js';
import { addressKey } from '../../platform/http/exposure.js';

type Ctx = Pick<AppContext, 'db' | 'hash' | 'config'>;

/**
 * security.md "Brute force": every password guess is counted before it is checked, per number and per
 * address, with doubling waits; SMS login never passes through these budgets (decisions/0015).
 */
const ACCOUNT_BUDGET: GuessBudget = { free: 5, firstWaitMs: 60_000, maxWaitMs: 24 * 3_600_000, forgetMs: 24 * 3_600_000 };
const ADDRESS_BUDGET: GuessBudget = { free: 20, firstWaitMs: 60_000, maxWaitMs: 3_600_000, forgetMs: 3_600_000 };
/** One budget per secret: login and changePassword guess the same password. */
const passwordKey = (user: { id: number; mobile: string | null }) => (user.mobile ? accountKey(user.mobile) : `login-fail:user:${user.id}`);
const accountKey = (mobile: string) => `login-fail:acct:${mobile}`;

function assertActive(user: UserRow): void {
  if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${user.id} ${user.status}`);
}

/** A typed invitation code must exist; a code merely captured from a link is dropped when unknown. */
async function resolveInviter(ctx: Ctx, params: SignUpParams): Promise<number | null> {
  if (params.invitationCode) {
    const inviter = await findUserByInvitationCode(ctx.db, params.invitationCode);
    if (!inviter) throw new AppError('INVITER_NOT_FOUND');
    return inviter.id;
  }
  if (params.promoteCode) return (await findUserByInvitationCode(ctx.db, params.promoteCode))?.id ?? null;
  return null;
}

export async function signUp(ctx: Ctx, params: SignUpParams, meta: RequestMeta): Promise<AuthResult> {
  const inviterId = await resolveInviter(ctx, params);
  await verifySmsCode(ctx, params.mobile, 'signUp', params.code);
  // Only someone holding the number's fresh code learns that it is registered.
  if (await findUserByMobile(ctx.db, params.mobile)) throw new AppError('MOBILE_REGISTERED');
  const passwordHash = await hashPassword(params.password);
  try {
    return await runInTransaction(ctx.db, async ({ tx }) => {
      const user = await createUser(tx, {
        mobile: params.mobile,
        passwordHash,
        inviterId,
        promoteCode: params.invitationCode ?? params.promoteCode ?? null,
        channelCode: params.channelCode ?? null,
      });
      await sendMessage(tx, user.id, await welcomeMessage(tx, user.nickname));
      if (inviterId) await recordInvitation(tx, inviterId);
      await grantWelcomeRedPacket(tx, user.id);
      // The seed pairs carry the browser's client seed, or none: the server never makes one up (issue 24 §13).
      await ensurePairs(tx, user.id, params.clientSeed ?? null);
      return startSession(ctx, tx, user, meta, true);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_mobile') throw new AppError('MOBILE_REGISTERED');
    throw err;
  }
}

export async function login(
  ctx: Ctx,
  params: { mobile: string; password: string; clientSeed?: string | undefined },
  meta: RequestMeta,
): Promise<AuthResult> {
  const byAccount = accountKey(params.mobile);
  const byAddress = `login-fail:ip:${addressKey(meta.ip)}`;
  if (!(await reserveGuess(ctx.db, byAccount, ACCOUNT_BUDGET)).allowed) throw new AppError('LOGIN_LOCKED', 'account');
  if (!(await reserveGuess(ctx.db, byAddress, ADDRESS_BUDGET)).allowed) {
    await releaseThrottle(ctx.db, byAccount);
    throw new AppError('LOGIN_LOCKED', 'address');
  }
  const user = await findUserByMobile(ctx.db, params.mobile);
  // Same work whether or not the number exists, so neither the answer nor its timing tells.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), params.password);
  if (!user || !ok) throw new AppError('LOGIN_FAILED');
  assertActive(user);
  // A right password gives its guesses back: the number's budget is whole again, the address's loses one.
  await resetThrottle(ctx.db, byAccount);
  await releaseThrottle(ctx.db, byAddress);
  if (params.clientSeed) await setMissingClientSeed(ctx.db, user.id, params.clientSeed);
  return runInTransaction(ctx.db, ({ tx }) => startSession(ctx, tx, user, meta));
}

export async function smsLogin(
  ctx: Ctx,
  params: { mobile: string; code: string; clientSeed?: string | undefined },
  meta: RequestMeta,
): Promise<AuthResult> {
  await verifySmsCode(ctx, params.mobile, 'smsLogin', params.code);
  const user = await findUserByMobile(ctx.db, params.mobile);
  if (!user) throw new AppError('MOBILE_NOT_REGISTERED');
  assertActive(user);
  // Proving the number is the owner's way in: it clears the password lock (decisions/0015).
  await resetThrottle(ctx.db, accountKey(params.mobile));
  if (params.clientSeed) await setMissingClientSeed(ctx.db, user.id, params.clientSeed);
  return runInTransaction(ctx.db, ({ tx }) => startSession(ctx, tx, user, meta));
}

export async function logout(ctx: Ctx, sessionId: number): Promise<true> {
  await revokeSession(ctx.db, sessionId);
  return true;
}

/** A new password ends every session of the account. */
export async function findPassword(ctx: Ctx, params: { mobile: string; code: string; password: string }): Promise<true> {
  await verifySmsCode(ctx, params.mobile, 'findPassword', params.code);
  const user = await findUserByMobile(ctx.db, params.mobile);
  if (!user) throw new AppError('MOBILE_NOT_REGISTERED');
  assertActive(user);
  await replacePassword(ctx.db, user, await hashPassword(params.password));
  await resetThrottle(ctx.db, accountKey(params.mobile));
  return true;
}

export async function changePassword(
  ctx: Ctx,
  userId: number,
  sessionId: number,
  params: { oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<true> {
  if (params.newPassword !== params.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
  const user = await requireActiveUser(ctx.db, userId);
  // A stolen session must not be a way to guess the password: the same budget as the login.
  if (!(await reserveGuess(ctx.db, passwordKey(user), ACCOUNT_BUDGET)).allowed) throw new AppError('PASSWORD_GUESS_LOCKED');
  if (!(await verifyPassword(user.passwordHash, params.oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
  await resetThrottle(ctx.db, passwordKey(user));
  await replacePassword(ctx.db, user, await hashPassword(params.newPassword), sessionId);
  return true;
}

export async function sessionsOf(ctx: Ctx, userId: number, currentSessionId: number) {
  return (await listSessions(ctx.db, userId)).map((s) => ({
    id: s.id,
    current: s.id === currentSessionId,
    ip: s.ip,
    userAgent: s.userAgent,
    createTime: toIso(s.createdAt),
    lastSeenTime: toIso(s.lastSeenAt),
  }));
}

export async function revokeOwnSession(ctx: Ctx, userId: number, sessionId: number): Promise<true> {
  if (!(await revokeUserSession(ctx.db, userId, sessionId))) throw new AppError('NOT_FOUND', `session ${sessionId}`);
  return true;
}
