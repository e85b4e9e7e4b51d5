import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { hashToken } from '../../platform/auth/index.js';
import { addressKey } from '../../platform/http/exposure.js';
import { operatorSessions } from './tables.js';

export interface SessionLimits {
  idleMinutes: number;
  hours: number;
}

/**
 * A session that has passed the password but not yet the code lives this long from its login: the second
 * step takes a minute, and a pending token that leaks (a shared machine, a log) is good for little.
 */
export const PENDING_SESSION_S = 300;

/** ≥128 bits from the CSPRNG, a new token at every login; only its hash is stored (security.md). */
export async function createOperatorSession(
  ex: Executor,
  operatorId: number,
  limits: SessionLimits,
  ip: string,
): Promise<{ token: string; sessionId: number }> {
  const token = `op_${randomBytes(32).toString('base64url')}`;
  const [row] = await ex
    .insert(operatorSessions)
    .values({
      operatorId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(hours => ${limits.hours})`,
      idleTimeoutS: limits.idleMinutes * 60,
      ip,
    })
    .returning({ id: operatorSessions.id });
  return { token, sessionId: row!.id };
}

export interface LiveOperatorSession {
  sessionId: number;
  operatorId: number;
  verified: boolean;
  idleExpiresAt: string;
}

/** Not past its whole life or its idle timeout, and either verified or pending for less than 5 minutes. */
const inTime = (): SQL =>
  and(
    gt(operatorSessions.expiresAt, sql`now()`),
    gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${operatorSessions.idleTimeoutS})`),
    or(eq(operatorSessions.verified, true), gt(operatorSessions.createdAt, sql`now() - make_interval(secs => ${PENDING_SESSION_S})`)),
  )!;
const isLive = (): SQL => and(isNull(operatorSessions.revokedAt), inTime())!;

/**
 * The live session of a token, touching last_seen_at (every call: an operator session is one person's, the
 * console is not a hot path, and an exact idle clock is the point of a short timeout).
 */
export async function resolveOperatorSession(ex: Executor, token: string): Promise<LiveOperatorSession | null> {
  if (!token.startsWith('op_') || token.length > 200) return null;
  const [row] = await ex
    .update(operatorSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isLive()))
    .returning({
      sessionId: operatorSessions.id,
      operatorId: operatorSessions.operatorId,
      verified: operatorSessions.verified,
      idleExpiresAt: sql<string>`least(${operatorSessions.expiresAt}, now() + make_interval(secs => ${operatorSessions.idleTimeoutS}))`,
    });
  return row ? { ...row, idleExpiresAt: new Date(row.idleExpiresAt).toISOString() } : null;
}

export async function markSessionVerified(ex: Executor, sessionId: number): Promise<void> {
  await ex.update(operatorSessions).set({ verified: true }).where(eq(operatorSessions.id, sessionId));
}

export async function revokeOperatorSession(ex: Executor, sessionId: number): Promise<void> {
  await ex
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/**
 * Disabling an operator, changing their role or resetting their password or two-factor ends all their
 * sessions; changing one's own password ends all but the session that changed it (`keep`). The number of
 * live sessions ended.
 */
export async function revokeOperatorSessions(ex: Executor, operatorId: number, keep?: number): Promise<number> {
  const ended = await ex
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        keep === undefined ? undefined : ne(operatorSessions.id, keep),
        isNull(operatorSessions.revokedAt),
      ),
    )
    // Sessions already idle or expired end too, but only the usable ones count as ended.
    .returning({ usable: sql<boolean>`${inTime()}` });
  return ended.filter((r) => r.usable).length;
}

export interface OperatorSessionRow {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  verified: boolean;
}

/** The operator's live sessions, newest first (at most 50: each login makes one, and they end in 8 h). */
export async function listLiveOperatorSessions(ex: Executor, operatorId: number): Promise<OperatorSessionRow[]> {
  return ex
    .select({
      id: operatorSessions.id,
      createdAt: operatorSessions.createdAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      ip: operatorSessions.ip,
      verified: operatorSessions.verified,
    })
    .from(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), isLive()))
    .orderBy(desc(operatorSessions.createdAt), desc(operatorSessions.id))
    .limit(50);
}

/** Ends one live session of this operator; null when it is not theirs or not live (both look the same). */
export async function revokeOwnOperatorSession(ex: Executor, operatorId: number, sessionId: number): Promise<OperatorSessionRow | null> {
  const [row] = await ex
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.id, sessionId), eq(operatorSessions.operatorId, operatorId), isLive()))
    .returning({
      id: operatorSessions.id,
      createdAt: operatorSessions.createdAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      ip: operatorSessions.ip,
      verified: operatorSessions.verified,
    });
  return row ?? null;
}

/**
 * Whether the operator has passed two-factor from this address (its /64 for IPv6) in the last 90 days.
 * Such an address keeps its own password budget, so a stranger who locks the name does not lock out the
 * operator at their usual desk (the owner-lockout rule of issue 9 §4, applied to the console).
 */
export async function isKnownOperatorAddress(ex: Executor, operatorId: number, ip: string): Promise<boolean> {
  const rows = await ex
    .select({ ip: operatorSessions.ip })
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        eq(operatorSessions.verified, true),
        gt(operatorSessions.createdAt, sql`now() - interval '90 days'`),
      ),
    )
    .orderBy(desc(operatorSessions.createdAt))
    .limit(200);
  const key = addressKey(ip);
  return rows.some((r) => r.ip !== null && addressKey(r.ip) === key);
}
