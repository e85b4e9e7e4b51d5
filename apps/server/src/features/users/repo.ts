import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { users } from './tables.js';

export async function insertUser(ex: Executor, values: typeof users.$inferInsert) {
  const [row] = await ex.insert(users).values(values).returning();
  return row!;
}

export async function findUser(ex: Executor, id: number) {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Players only: bots are not users of the site. */
export async function countPlayers(ex: Executor, sinceHours?: number): Promise<number> {
  const since = sinceHours ? [gte(users.createdAt, sql`now() - make_interval(hours => ${sinceHours})`)] : [];
  const [row] = await ex.select({ n: count() }).from(users).where(and(eq(users.isBot, false), ...since));
  return row?.n ?? 0;
}
