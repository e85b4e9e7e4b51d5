import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import type { UserRow } from './repo.js';
import { users } from './tables.js';

/** `%` and `_` typed by an operator are letters of a nickname, not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Players for the operator console: a whole number matches the id or the mobile number exactly, any text
 * matches part of the nickname. Newest first.
 */
export async function searchUsers(
  ex: Executor,
  q: { text?: string | undefined; status?: UserRow['status'] | undefined; page: number; pageSize: number },
): Promise<{ rows: UserRow[]; totalRows: number }> {
  const where: SQL[] = [];
  const text = q.text?.trim();
  if (text) {
    const byName = ilike(users.nickname, `%${escapeLike(text)}%`);
    const asId = /^\d{1,15}$/.test(text) ? Number(text) : null;
    const matches = [byName, eq(users.mobile, text)];
    if (asId !== null) matches.push(eq(users.id, asId));
    where.push(or(...matches)!);
  }
  if (q.status) where.push(eq(users.status, q.status));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(users)
      .where(filter)
      .orderBy(desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ex.select({ n: count() }).from(users).where(filter),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}
