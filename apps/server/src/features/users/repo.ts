import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from './tables.js';

export type UserRow = typeof users.$inferSelect;

export async function insertUser(ex: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await ex.insert(users).values(values).returning();
  return row!;
}

export async function findUser(ex: Executor, id: number): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1);
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
  const [row] = await ex.select({ n: count() }).from(users).where(and(eq(users.isBot, false), ...since));
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
