import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { authTickets } from './tables.js';

const ticketHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type TicketKind = 'steam_state' | 'steam_exchange' | 'steam_bind' | 'security';

/** Issues a random single-use ticket; only its hash is stored. */
export async function issueTicket(
  ex: Executor,
  input: { kind: TicketKind; userId?: number | null; payload?: Record<string, unknown>; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ex.insert(authTickets).values({
    tokenHash: ticketHash(token),
    kind: input.kind,
    userId: input.userId ?? null,
    payload: input.payload ?? {},
    expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
  });
  return token;
}

/**
 * Spends a ticket of the given kind: returns it once, then never again (also not after expiry). With
 * `ownerId`, only that user's ticket is spent, so nobody else can burn it.
 */
export async function consumeTicket(ex: Executor, kind: TicketKind, token: string, ownerId?: number) {
  if (!token || token.length > 200) return null;
  const owner = ownerId === undefined ? [] : [eq(authTickets.userId, ownerId)];
  const [row] = await ex
    .update(authTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTickets.tokenHash, ticketHash(token)),
        eq(authTickets.kind, kind),
        isNull(authTickets.usedAt),
        gt(authTickets.expiresAt, sql`now()`),
        ...owner,
      ),
    )
    .returning();
  return row ? { userId: row.userId, payload: row.payload as Record<string, unknown> } : null;
}
