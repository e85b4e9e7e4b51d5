import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { sessions } from './tables.js';

export const SESSION_TTL_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** security.md: ≥128 bits of randomness, a new token at every login; only its hash is stored. */
export async function createSession(
  ex: Executor,
  userId: number,
  meta: { ip?: string; userAgent?: string; ttlDays?: number } = {},
): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const ttlDays = meta.ttlDays ?? SESSION_TTL_DAYS;
  const [row] = await ex
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

export async function resolveSession(ex: Executor, token: string): Promise<{ userId: number; sessionId: number } | null> {
  if (token.length < 16 || token.length > 200) return null;
  const [row] = await ex
    .select({ userId: sessions.userId, sessionId: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function revokeSession(ex: Executor, sessionId: number): Promise<void> {
  await ex.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** A password change ends the user's other sessions (security.md "Accounts"). */
export async function revokeOtherSessions(ex: Executor, userId: number, keepSessionId?: number): Promise<void> {
  const keep = keepSessionId === undefined ? [] : [ne(sessions.id, keepSessionId)];
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...keep));
}

export async function listSessions(ex: Executor, userId: number) {
  return ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.lastSeenAt} DESC`)
    .limit(50);
}

/** Revokes one of the user's own sessions; another user's id changes nothing. */
export async function revokeUserSession(ex: Executor, userId: number, sessionId: number): Promise<boolean> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
