import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { commitHooks } from '../db/tx.js';
import { AppError } from '../errors.js';
import { idempotentRequests } from './idempotency-tables.js';

const KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;
/**
 * How long a key without an answer belongs to the attempt that took it: longer than any request may
 * run (requestTimeout 30 s). After that the attempt is dead (a crash, a kill -9) and, since its answer
 * would have committed with its effect, nothing of it committed: a retry may run it again.
 */
export const DEFAULT_IDEMPOTENCY_LEASE_S = 60;

function requestHash(url: string, params: unknown): string {
  const canonical = JSON.stringify(params, Object.keys(params as object).sort());
  return createHash('sha256').update(`${url}\n${canonical}`).digest('hex');
}

/**
 * Runs `work` once per (user, Idempotency-Key) (security.md, issue 10 §2). The key is claimed first, so
 * a concurrent twin is told "请勿重复提交" instead of spending twice; the answer is written inside the
 * same transaction as the effect, so after any crash a key either has its answer (its effect committed:
 * a retry gets the same answer) or none (nothing committed: once the lease is over, a retry runs it).
 */
export async function withIdempotency<R>(
  db: Db,
  input: { userId: number; key: string | undefined; url: string; params: unknown; leaseS?: number },
  work: () => Promise<R>,
): Promise<R> {
  if (input.key === undefined) return work();
  if (!KEY_PATTERN.test(input.key)) throw new AppError('PARAM_INVALID', 'Idempotency-Key');
  const hash = requestHash(input.url, input.params);
  const where = and(eq(idempotentRequests.userId, input.userId), eq(idempotentRequests.key, input.key));
  const claimed = await db
    .insert(idempotentRequests)
    .values({ userId: input.userId, key: input.key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length === 0) {
    const [first] = await db.select().from(idempotentRequests).where(where);
    if (!first || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (first.response !== null) return first.response as R;
    // No answer: the first attempt is either still running or died before committing anything.
    const takenOver = await db
      .update(idempotentRequests)
      .set({ claimedAt: sql`now()` })
      .where(
        and(
          where,
          isNull(idempotentRequests.response),
          lt(idempotentRequests.claimedAt, sql`now() - make_interval(secs => ${input.leaseS ?? DEFAULT_IDEMPOTENCY_LEASE_S})`),
        ),
      )
      .returning({ key: idempotentRequests.key });
    if (takenOver.length === 0) throw new AppError('DUPLICATE_REQUEST', 'first request still running');
  }
  let committed = false;
  let pending: unknown;
  let answered: unknown;
  const record = async (ex: Db | Tx, response: unknown) => {
    await ex
      .update(idempotentRequests)
      .set({ response: response as object })
      .where(where);
  };
  try {
    const result = await commitHooks.run(
      {
        beforeCommit: (tx, value) => record(tx, (pending = value ?? null)),
        afterCommit: () => {
          committed = true;
          answered = pending;
        },
      },
      work,
    );
    // The route's own answer, when it is more than its last transaction already recorded.
    if (!committed || answered !== result) await record(db, result);
    return result;
  } catch (err) {
    // An effect that committed keeps its key and answer; only an attempt that changed nothing frees it.
    if (!committed) await db.delete(idempotentRequests).where(and(where, isNull(idempotentRequests.response)));
    throw err;
  }
}
