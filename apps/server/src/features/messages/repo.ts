import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { messages } from './tables.js';

export type MessageRow = typeof messages.$inferSelect;

export async function insertMessage(ex: Executor, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await ex.insert(messages).values(values).returning();
  return row!;
}

const stateFilter = (state: number) => (state === 0 ? isNull(messages.readAt) : state === 1 ? isNotNull(messages.readAt) : undefined);

export async function listMessages(ex: Executor, userId: number, state: number, page: number, pageSize: number) {
  const where = and(eq(messages.userId, userId), stateFilter(state));
  const query = ex.select().from(messages).where(where).orderBy(desc(messages.id));
  return selectPage(ex, { query, from: messages, where }, page, pageSize);
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
