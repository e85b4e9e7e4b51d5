import type { AuthResult, SignUpParams } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/errors.js';
import {
  createSession,
  dummyPasswordHash,
  hashPassword,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
  verifyPassword,
} from '../../platform/auth/index.js';
import { hitThrottle, peekThrottle, resetThrottle } from '../../platform/throttle/index.js';
import { createUser, findUserByInvitationCode, findUserByMobile, requireActiveUser, updateUser, type UserRow } from '../users/index.js';
import { verifySmsCode } from '../verification/index.js';
import { sendMessage } from '../messages/index.js';
import { welcomeMessage } from './welcome.js';
import { recordInvitation } from '../promotion/index.js';
import { grantWelcomeRedPacket } from '../vouchers/index.js';

type Ctx = Pick<AppContext, 'db' | 'hash'>;
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** security.md: throttle per account and per address; the owner can always still get in by SMS. */
const LOCK_WINDOW_MS = 15 * 60_000;
const MAX_FAILS_PER_ACCOUNT = 5;
const MAX_FAILS_PER_IP = 20;

async function startSession(ex: Executor, user: UserRow, meta: RequestMeta, register = false): Promise<AuthResult> {
  const { token } = await createSession(ex, user.id, { ip: meta.ip, ...(meta.userAgent ? { userAgent: meta.userAgent } : {}) });
  return { token, userId: user.id, register };
}

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
      await sendMessage(tx, user.id, welcomeMessage(user.nickname));
      if (inviterId) await recordInvitation(tx, inviterId);
      await grantWelcomeRedPacket(tx, user.id);
      return startSession(tx, user, meta, true);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_mobile') throw new AppError('MOBILE_REGISTERED');
    throw err;
  }
}

export async function login(ctx: Ctx, params: { mobile: string; password: string }, meta: RequestMeta): Promise<AuthResult> {
  const accountKey = `login-fail:acct:${params.mobile}`;
  const ipKey = `login-fail:ip:${meta.ip}`;
  const [byAccount, byIp] = await Promise.all([peekThrottle(ctx.db, accountKey, LOCK_WINDOW_MS), peekThrottle(ctx.db, ipKey, LOCK_WINDOW_MS)]);
  if (byAccount.count >= MAX_FAILS_PER_ACCOUNT || byIp.count >= MAX_FAILS_PER_IP) throw new AppError('LOGIN_LOCKED');
  const user = await findUserByMobile(ctx.db, params.mobile);
  // Same work whether or not the number exists, so neither the answer nor its timing tells.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), params.password);
  if (!user || !ok) {
    await hitThrottle(ctx.db, accountKey, LOCK_WINDOW_MS, MAX_FAILS_PER_ACCOUNT);
    await hitThrottle(ctx.db, ipKey, LOCK_WINDOW_MS, MAX_FAILS_PER_IP);
    throw new AppError('LOGIN_FAILED');
  }
  assertActive(user);
  await resetThrottle(ctx.db, accountKey);
  return startSession(ctx.db, user, meta);
}

export async function smsLogin(ctx: Ctx, params: { mobile: string; code: string }, meta: RequestMeta): Promise<AuthResult> {
  await verifySmsCode(ctx, params.mobile, 'smsLogin', params.code);
  const user = await findUserByMobile(ctx.db, params.mobile);
  if (!user) throw new AppError('MOBILE_NOT_REGISTERED');
  assertActive(user);
  await resetThrottle(ctx.db, `login-fail:acct:${params.mobile}`);
  return startSession(ctx.db, user, meta);
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
  const passwordHash = await hashPassword(params.password);
  await runInTransaction(ctx.db, async ({ tx }) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, user.id);
  });
  await resetThrottle(ctx.db, `login-fail:acct:${params.mobile}`);
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
  if (!(await verifyPassword(user.passwordHash, params.oldPassword))) throw new AppError('OLD_PASSWORD_WRONG');
  const passwordHash = await hashPassword(params.newPassword);
  await runInTransaction(ctx.db, async ({ tx }) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeOtherSessions(tx, userId, sessionId);
  });
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
