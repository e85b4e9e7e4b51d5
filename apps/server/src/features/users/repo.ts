import { and, asc, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users, withdrawalHolds, type WithdrawalHoldReason } from './tables.js';

export type UserRow = typeof users.$inferSelect;
export type WithdrawalHoldRow = typeof withdrawalHolds.$inferSelect;

export async function insertUser(ex: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await ex.insert(users).values(values).returning();
  return row!;
}

export async function findUser(ex: Executor, id: number): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user's row locked for the caller's transaction: one player's withdrawals are judged one at a time. */
export async function lockUser(ex: Executor, id: number): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function findUserByMobile(ex: Executor, mobile: string): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row ?? null;
}

export async function findUserBySteamId(ex: Executor, steamId: string): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.steamId, steamId)).limit(1);
  return row ?? null;
}

export async function findUserByInvitationCode(ex: Executor, code: string): Promise<UserRow | null> {
  const [row] = await ex
    .select()
    .from(users)
    .where(sql`upper(${users.invitationCode}) = upper(${code})`)
    .limit(1);
  return row ?? null;
}

export async function updateUser(ex: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await ex.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

/** Players only: bots are not users of the site. */
export async function countPlayers(ex: Executor, sinceHours?: number): Promise<number> {
  const since = sinceHours ? [gte(users.createdAt, sql`now() - make_interval(hours => ${sinceHours})`)] : [];
  const [row] = await ex
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isBot, false), ...since));
  return row?.n ?? 0;
}

/** Another account already bound to this ID number (one ID binds one account). */
export async function findOtherUserByIdCardHash(ex: Executor, idCardHash: string, exceptUserId: number): Promise<UserRow | null> {
  const [row] = await ex
    .select()
    .from(users)
    .where(and(eq(users.idCardHash, idCardHash), sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return row ?? null;
}

/** Sets the inviter only if none is set yet; false when one already was (a concurrent bind lost). */
export async function setInviterOnce(ex: Executor, userId: number, inviterId: number): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ inviterId })
    .where(and(eq(users.id, userId), sql`${users.inviterId} IS NULL`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The streamer flag (decision 0028: a streamer may open streamer rooms); false when there is no such user. */
export async function setStreamer(ex: Executor, userId: number, on: boolean): Promise<boolean> {
  const rows = await ex.update(users).set({ streamer: on }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Sets the first trade link only while the account has none: of two first links racing, one is set and
 * the other must pass the security check a change needs (issue 24 §1).
 */
export async function setFirstTradeUrl(ex: Executor, userId: number, tradeUrl: string): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ tradeUrl })
    .where(and(eq(users.id, userId), sql`${users.tradeUrl} IS NULL`))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function insertWithdrawalHold(
  ex: Executor,
  userId: number,
  reason: WithdrawalHoldReason,
  hours: number,
): Promise<WithdrawalHoldRow> {
  const [row] = await ex
    .insert(withdrawalHolds)
    .values({ userId, reason, until: sql`now() + make_interval(hours => ${hours})` })
    .returning();
  return row!;
}

const inForce = () => and(isNull(withdrawalHolds.releasedAt), gt(withdrawalHolds.until, sql`now()`));

/** The holds in force, soonest end first. */
export async function activeWithdrawalHolds(ex: Executor, userId: number): Promise<WithdrawalHoldRow[]> {
  return ex
    .select()
    .from(withdrawalHolds)
    .where(and(eq(withdrawalHolds.userId, userId), inForce()))
    .orderBy(asc(withdrawalHolds.until), asc(withdrawalHolds.id));
}

/** Ends a hold now, only if it is still in force (a second release, or one after its end, changes nothing). */
export async function markHoldReleased(
  ex: Executor,
  id: number,
  operatorId: number | null,
  note: string,
): Promise<WithdrawalHoldRow | null> {
  const [row] = await ex
    .update(withdrawalHolds)
    .set({ releasedAt: sql`now()`, releasedBy: operatorId, releaseNote: note })
    .where(and(eq(withdrawalHolds.id, id), inForce()))
    .returning();
  return row ?? null;
}
