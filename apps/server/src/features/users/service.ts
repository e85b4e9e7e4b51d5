import type { Tx } from '../../platform/db/client.js';
import { openUserAccounts } from '../../platform/ledger/index.js';
import { insertUser } from './repo.js';

export interface NewUser {
  nickname: string;
  avatar?: string | null;
  mobile?: string | null;
  isBot?: boolean;
}

/** A user and their coin, point and secondary accounts are created together or not at all. */
export async function createUser(tx: Tx, input: NewUser) {
  const user = await insertUser(tx, {
    nickname: input.nickname,
    avatar: input.avatar ?? null,
    mobile: input.mobile ?? null,
    isBot: input.isBot ?? false,
  });
  await openUserAccounts(tx, user.id);
  return user;
}
