import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { messages } from './tables.js';

export type MessageRow = typeof messages.$inferSelect;

export async function insertMessage(ex: Executor, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await ex.insert(messages).values(values).returning();
  return row!;
}

const stateFilter = (state: number) => (state === 0 ? isNull(messages.readAt) : state === 1 ? isNotNull(messages.readAt) : undefined);

export async function listMessages(ex: Executor, userId: number, state: number, page: number, pageSize: number) {
  const where = and(eq(messages.userId, userId), stateFilter(state));
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

/** Another user's message is indistinguishable from a missing one (security.md). */
export async function findOwnMessage(ex: Executor, userId: number, id: number): Promise<MessageRow | null> {
  const [row] = await ex
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function markRead(ex: Executor, userId: number, id: number): Promise<void> {
  await ex
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.id, id), eq(messages.userId, userId), isNull(messages.readAt)));
}

export async function countUnread(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}
