import type { UserInfo } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, issueTicket, revokeOtherSessions } from '../../platform/auth/index.js';
import { getBalances } from '../../platform/ledger/index.js';
import { verifyMailCode, verifySmsCode } from '../verification/index.js';
import { findUser, findUserByMobile, updateUser, type UserRow } from './repo.js';
import { canSpend, maskEmail, maskMobile, requireActiveUser } from './service.js';
import { defaultAvatarPaths } from './avatars.js';
import { requireExistingCredential, spendSecurityToken } from './security-ticket.js';
import { holdWithdrawals, withdrawalHoldUntil } from './withdrawal-holds.js';

type Ctx = Pick<AppContext, 'db' | 'hash'>;

export async function userInfo(ctx: Ctx, userId: number): Promise<UserInfo> {
  const user = await requireActiveUser(ctx.db, userId);
  const [balances, inviter, holdUntil] = await Promise.all([
    getBalances(ctx.db, userId),
    user.inviterId ? findUser(ctx.db, user.inviterId) : Promise.resolve(null),
    withdrawalHoldUntil(ctx.db, userId),
  ]);
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    mobile: maskMobile(user.mobile),
    email: maskEmail(user.email),
    tradeUrl: user.tradeUrl,
    balance: balances.coinFen,
    integral: balances.pointFen,
    secondaryBalance: balances.secondaryFen,
    grade: user.grade,
    verified: user.verifiedAt !== null,
    steamId: user.steamId,
    inviter: inviter ? { id: inviter.id, nickname: inviter.nickname } : null,
    hasPassword: user.passwordHash !== null,
    securityWay: user.securityWay,
    canSpend: canSpend(user),
    createTime: toIso(user.createdAt),
    withdrawalHoldUntil: holdUntil ? toIso(holdUntil) : null,
  };
}

export async function modifyNickname(ctx: Ctx, userId: number, nickname: string) {
  await requireActiveUser(ctx.db, userId);
  await updateUser(ctx.db, userId, { nickname });
  return true;
}

export async function pickAvatar(ctx: Ctx, userId: number, avatar: string) {
  if (!defaultAvatarPaths().includes(avatar)) throw new AppError('AVATAR_REQUIRED', avatar);
  await requireActiveUser(ctx.db, userId);
  await updateUser(ctx.db, userId, { avatar });
  return { avatar };
}

export async function setUploadedAvatar(ctx: Ctx, userId: number, store: () => Promise<string>) {
  await requireActiveUser(ctx.db, userId);
  const avatar = await store();
  await updateUser(ctx.db, userId, { avatar });
  return { avatar };
}

/** A way bound this recently cannot vouch for changes: a stolen session could have bound it (issue 9 §5). */
export const FRESH_WAY_DAYS = 7;
const isFresh = (boundAt: Date | null) => boundAt !== null && boundAt.getTime() > Date.now() - FRESH_WAY_DAYS * 86_400_000;

export async function bindMail(ctx: Ctx, userId: number, input: { email: string; code: string; securityToken?: string | undefined }) {
  const user = await requireActiveUser(ctx.db, userId);
  // Replacing an address is changeMail.
  if (user.email) throw new AppError('SECURITY_CHECK_REQUIRED', 'email already bound');
  // The code the user just typed is checked first, so a typo does not cost the security check.
  await verifyMailCode(ctx, input.email, 'bindMail', input.code);
  await requireExistingCredential(ctx.db, user, input.securityToken);
  await updateUser(ctx.db, userId, { email: input.email, emailBoundAt: new Date() });
  return true;
}

export async function changeMail(ctx: Ctx, userId: number, input: { email: string; code: string; securityToken: string }) {
  const user = await requireActiveUser(ctx.db, userId);
  await verifyMailCode(ctx, input.email, 'bindMail', input.code);
  await requireExistingCredential(ctx.db, user, input.securityToken);
  await updateUser(ctx.db, userId, { email: input.email, emailBoundAt: new Date() });
  return true;
}

/** Codes to both numbers; the new one must be free. Other sessions end (security.md "Accounts"). */
export async function changePhone(
  ctx: Ctx,
  userId: number,
  sessionId: number,
  input: { oldCode: string; mobile: string; newCode: string },
) {
  const user = await requireActiveUser(ctx.db, userId);
  if (!user.mobile) throw new AppError('SECURITY_WAY_UNAVAILABLE', 'no mobile');
  if (user.mobile === input.mobile) throw new AppError('MOBILE_SAME');
  await verifySmsCode(ctx, user.mobile, 'changePhone', input.oldCode);
  await verifySmsCode(ctx, input.mobile, 'bindPhone', input.newCode);
  if (await findUserByMobile(ctx.db, input.mobile)) throw new AppError('MOBILE_REGISTERED');
  try {
    await runInTransaction(ctx.db, async ({ tx }) => {
      await updateUser(tx, userId, { mobile: input.mobile, phoneBoundAt: new Date() });
      await revokeOtherSessions(tx, userId, sessionId);
      // The number it replaced is told: whoever changed it holds the new one (issue 24 §2).
      await holdWithdrawals(tx, userId, 'phone', { phone: user.mobile });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_mobile') throw new AppError('MOBILE_REGISTERED');
    throw err;
  }
  return true;
}

/** A passed code check becomes a 10-minute single-use token for one sensitive change. */
export async function securityCheck(ctx: Ctx, userId: number, input: { type: 0 | 1; code: string }) {
  const user = await requireActiveUser(ctx.db, userId);
  const target = input.type === 0 ? user.mobile : user.email;
  if (!target) throw new AppError('SECURITY_WAY_UNAVAILABLE');
  if (isFresh(input.type === 0 ? user.phoneBoundAt : user.emailBoundAt)) throw new AppError('SECURITY_WAY_TOO_NEW');
  if (input.type === 0) await verifySmsCode(ctx, target, 'security', input.code);
  else await verifyMailCode(ctx, target, 'security', input.code);
  const securityToken = await issueTicket(ctx.db, { kind: 'security', userId, payload: { way: input.type }, ttlSeconds: 600 });
  return { securityToken, expiresIn: 600 };
}

export async function availableSecurityWays(ctx: Ctx, userId: number) {
  const user = await requireActiveUser(ctx.db, userId);
  const ways = [];
  if (user.mobile) ways.push({ type: 0, target: maskMobile(user.mobile)!, preferred: (user.securityWay ?? 0) === 0 });
  if (user.email) ways.push({ type: 1, target: maskEmail(user.email)!, preferred: user.securityWay === 1 });
  return ways;
}

export async function bindSecurityWay(ctx: Ctx, userId: number, input: { type: 0 | 1; securityToken: string }) {
  const user = await requireActiveUser(ctx.db, userId);
  if ((input.type === 0 && !user.mobile) || (input.type === 1 && !user.email)) throw new AppError('SECURITY_WAY_UNAVAILABLE');
  await spendSecurityToken(ctx.db, userId, input.securityToken);
  await updateUser(ctx.db, userId, { securityWay: input.type });
  return true;
}

/** Sets or replaces the password after a security check; other sessions end. */
export async function modifySecret(ctx: Ctx, userId: number, sessionId: number, input: { securityToken: string; password: string }) {
  const user = await requireActiveUser(ctx.db, userId);
  await spendSecurityToken(ctx.db, userId, input.securityToken);
  await replacePassword(ctx.db, user, await hashPassword(input.password), sessionId);
  return true;
}

/**
 * A new password, however it was set (changed, reset by SMS, set after a security check): in one
 * transaction, the account's other sessions end (every one without `keepSessionId`) and withdrawals are
 * held (issue 24 §2: a change a thief would make).
 */
export async function replacePassword(
  db: Db,
  user: Pick<UserRow, 'id' | 'mobile'>,
  passwordHash: string,
  keepSessionId?: number,
): Promise<void> {
  await runInTransaction(db, async ({ tx }) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, user.id, keepSessionId);
    await holdWithdrawals(tx, user.id, 'password', { phone: user.mobile });
  });
}

/**
 * Cancellation keeps balances and items, frozen with the account (they are not paid out), and ends
 * every session. The number stays bound, so it cannot be registered again (docs/decisions/0009).
 */
export async function cancelAccount(ctx: Ctx, userId: number, code: string) {
  const user = await requireActiveUser(ctx.db, userId);
  if (!user.mobile) throw new AppError('SECURITY_WAY_UNAVAILABLE', 'no mobile');
  await verifySmsCode(ctx, user.mobile, 'cancelAccount', code);
  await runInTransaction(ctx.db, async ({ tx }) => {
    await updateUser(tx, userId, { status: 'cancelled', cancelledAt: new Date() });
    await revokeOtherSessions(tx, userId);
  });
  return true;
}
