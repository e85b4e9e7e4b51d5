import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import type { UserRow } from './repo.js';
import { users } from './tables.js';
import { selectPage } from '../../platform/db/paging.js';
import { likePattern } from '../../platform/db/like.js';

/** `%` and `_` typed by an operator are letters of a nickname, not wildcards. */

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
    const byName = ilike(users.nickname, likePattern(text));
    const asId = /^\d{1,15}$/.test(text) ? Number(text) : null;
    const matches = [byName, eq(users.mobile, text)];
    if (asId !== null) matches.push(eq(users.id, asId));
    where.push(or(...matches)!);
  }
  if (q.status) where.push(eq(users.status, q.status));
  const filter = where.length ? and(...where) : undefined;
  const query = ex.select().from(users).where(filter).orderBy(desc(users.id));
  return selectPage(ex, { query, from: users, where: filter }, q.page, q.pageSize);
}
