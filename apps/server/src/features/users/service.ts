import { randomInt } from 'node:crypto';
import type { Executor, Tx } from '../../platform/db/client.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/errors.js';
import { openUserAccounts } from '../../platform/ledger/index.js';
import { findUser, insertUser, lockUser, type UserRow } from './repo.js';

export interface NewUser {
  nickname?: string;
  avatar?: string | null;
  mobile?: string | null;
  passwordHash?: string | null;
  steamId?: string | null;
  inviterId?: number | null;
  promoteCode?: string | null;
  channelCode?: string | null;
  isBot?: boolean;
}

/** No 0/O or 1/I: codes are read aloud and typed from screenshots. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newInvitationCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

const defaultNickname = () => `玩家${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * A user and their coin, point and secondary accounts are created together or not at all. The
 * invitation code is retried on the (rare) collision inside a savepoint.
 */
export async function createUser(tx: Tx, input: NewUser): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      const user = await tx.transaction((sp) =>
        insertUser(sp, {
          nickname: input.nickname ?? defaultNickname(),
          avatar: input.avatar ?? null,
          mobile: input.mobile ?? null,
          passwordHash: input.passwordHash ?? null,
          steamId: input.steamId ?? null,
          inviterId: input.inviterId ?? null,
          promoteCode: input.promoteCode ?? null,
          channelCode: input.channelCode ?? null,
          isBot: input.isBot ?? false,
          invitationCode: newInvitationCode(),
        }),
      );
      await openUserAccounts(tx, user.id);
      return user;
    } catch (err) {
      const retry = pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_invitation_code' && attempt < 5;
      if (!retry) throw err;
    }
  }
}

export async function requireActiveUser(ex: Executor, userId: number): Promise<UserRow> {
  const user = await findUser(ex, userId);
  if (!user || user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
  return user;
}

/** requireActiveUser with the row locked for the transaction (a withdrawal against a trade link change, issue 24). */
export async function lockActiveUser(tx: Tx, userId: number): Promise<UserRow> {
  const user = await lockUser(tx, userId);
  if (!user || user.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
  return user;
}

/**
 * Every money-spending feature calls this first: a frozen or cancelled account, or one whose real-name
 * check showed the holder is under 18, cannot spend (issue 3, spec §1 "players must be 18 or older").
 */
export async function assertCanSpend(ex: Executor, userId: number): Promise<UserRow> {
  const user = await requireActiveUser(ex, userId);
  if (user.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
  return user;
}

export const canSpend = (user: UserRow) => user.status === 'active' && !user.minor;

export const maskMobile = (mobile: string | null) => (mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : null);

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name, domain] = email.split('@');
  if (!name || !domain) return email;
  return `${name.slice(0, 1)}***@${domain}`;
}
