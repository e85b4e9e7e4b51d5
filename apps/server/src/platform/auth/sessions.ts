import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/rows.js';
import { sessions } from './tables.js';
import { evictUserSessionsLocally, SESSION_REVOKED_CHANNEL, type SessionCache } from './session-cache.js';

export const SESSION_TTL_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
/** last_seen_at is written at most once a minute per session: one write per request would be a hot row. */
const TOUCH_AFTER_S = 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** security.md: ≥128 bits of randomness, a new token at every login; only its hash is stored. */
export async function createSession(
  ex: Executor,
  userId: number,
  meta: { ip?: string; userAgent?: string; deviceId?: string; ttlDays?: number; idleDays?: number } = {},
): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const ttlDays = meta.ttlDays ?? SESSION_TTL_DAYS;
  const idleDays = meta.idleDays ?? SESSION_IDLE_DAYS;
  const [row] = await ex
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      deviceId: meta.deviceId?.slice(0, 64) ?? null,
      idleTimeoutS: Math.round(idleDays * 86_400),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** A session not used for its idle timeout has ended, whatever its absolute expiry (issue 9 §12). */
const live = () =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sessions.idleTimeoutS})`),
  );

export async function resolveSession(
  ex: Executor,
  token: string,
  cache?: SessionCache,
): Promise<{ userId: number; sessionId: number } | null> {
  if (token.length < 16 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const [row] = await ex
    .select({
      userId: sessions.userId,
      sessionId: sessions.id,
      stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_S})`,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), live()))
    .limit(1);
  if (!row) return null;
  cache?.set(tokenHash, { userId: row.userId, sessionId: row.sessionId }, mark);
  if (row.stale) {
    // The condition repeats the check, so concurrent requests of one session write at most once.
    await ex
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, row.sessionId), sql`${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_S})`));
  }
  return { userId: row.userId, sessionId: row.sessionId };
}

/**
 * Whether this address or device has ever logged into the account (any session, ended ones too): such a
 * requester is treated as the owner for the number's SMS quota (issue 9 §4).
 */
export async function hasLoggedInFrom(ex: Executor, userId: number, from: { ip: string; deviceId?: string | null }): Promise<boolean> {
  const device = from.deviceId ? [eq(sessions.deviceId, from.deviceId)] : [];
  const [row] = await ex
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), or(eq(sessions.ip, from.ip), ...device)))
    .limit(1);
  return row !== undefined;
}

/** Whether the account has ever logged in (a session, ended ones too): its first login is its sign-up. */
export async function hasLoginHistory(ex: Executor, userId: number): Promise<boolean> {
  const [row] = await ex.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).limit(1);
  return row !== undefined;
}

/** The user's session has not been revoked, expired or left idle. */
export async function isSessionLive(ex: Executor, sessionId: number, userId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), live()))
    .limit(1);
  return row !== undefined;
}

/**
 * Ends sessions matching `where`, and tells every node's session cache (session-cache.ts): this process at
 * once, the others by a NOTIFY that PostgreSQL delivers when the transaction commits.
 */
async function revokeWhere(ex: Executor, where: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: unknown; user_id: unknown }>(
    ex,
    sql`WITH ended AS (UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL AND ${where} RETURNING id, user_id),
        told AS (SELECT pg_notify(${SESSION_REVOKED_CHANNEL}, u::text) FROM (SELECT DISTINCT user_id AS u FROM ended) x)
        SELECT ended.id, ended.user_id, (SELECT count(*) FROM told) AS told FROM ended`,
  );
  for (const userId of new Set(rows.map((r) => Number(r.user_id)))) evictUserSessionsLocally(userId);
  return rows.map((r) => Number(r.id));
}

export async function revokeSession(ex: Executor, sessionId: number): Promise<void> {
  await revokeWhere(ex, sql`id = ${sessionId}`);
}

/** A password change ends the user's other sessions (security.md "Accounts"). */
export async function revokeOtherSessions(ex: Executor, userId: number, keepSessionId?: number): Promise<void> {
  await revokeWhere(ex, keepSessionId === undefined ? sql`user_id = ${userId}` : sql`user_id = ${userId} AND id <> ${keepSessionId}`);
}

export async function listSessions(ex: Executor, userId: number) {
  return ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live()))
    .orderBy(sql`${sessions.lastSeenAt} DESC`)
    .limit(50);
}

/** Revokes one of the user's own sessions; another user's id changes nothing. */
export async function revokeUserSession(ex: Executor, userId: number, sessionId: number): Promise<boolean> {
  return (await revokeWhere(ex, sql`id = ${sessionId} AND user_id = ${userId}`)).length === 1;
}
