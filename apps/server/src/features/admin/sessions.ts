import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { hashToken } from '../../platform/auth/index.js';
import { operatorSessions } from './tables.js';

export interface SessionLimits {
  idleMinutes: number;
  hours: number;
}

/** ≥128 bits from the CSPRNG, a new token at every login; only its hash is stored (security.md). */
export async function createOperatorSession(
  ex: Executor,
  operatorId: number,
  limits: SessionLimits,
  ip: string,
): Promise<string> {
  const token = `op_${randomBytes(32).toString('base64url')}`;
  await ex.insert(operatorSessions).values({
    operatorId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(hours => ${limits.hours})`,
    idleTimeoutS: limits.idleMinutes * 60,
    ip,
  });
  return token;
}

export interface LiveOperatorSession {
  sessionId: number;
  operatorId: number;
  verified: boolean;
  idleExpiresAt: string;
}

/**
 * The live session of a token, touching last_seen_at (every call: an operator session is one person's, the
 * console is not a hot path, and an exact idle clock is the point of a short timeout).
 */
export async function resolveOperatorSession(
  ex: Executor,
  token: string,
): Promise<LiveOperatorSession | null> {
  if (!token.startsWith('op_') || token.length > 200) return null;
  const [row] = await ex
    .update(operatorSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql`now()`),
        gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${operatorSessions.idleTimeoutS})`),
      ),
    )
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

/** Disabling an operator, changing their role or resetting their two-factor ends all their sessions. */
export async function revokeOperatorSessions(ex: Executor, operatorId: number): Promise<void> {
  await ex
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}
