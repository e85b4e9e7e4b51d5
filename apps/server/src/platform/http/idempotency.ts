import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { commitHooks } from '../db/tx.js';
import { AppError } from '../errors.js';
import { canonicalJson } from './canonical-json.js';
import { idempotentRequests } from './idempotency-tables.js';

const KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;
/**
 * How long a key without an answer belongs to the attempt that took it without hearing from it: a running
 * attempt renews its claim every third of this (its heartbeat), so only a dead one (a crash, a kill -9)
 * lets it lapse, and a retry is told "busy" for at most this long. Its answer would have committed with its
 * effect, so nothing of a lapsed attempt committed: a retry may run it again.
 */
export const DEFAULT_IDEMPOTENCY_LEASE_S = 15;

function requestHash(url: string, params: unknown): string {
  return createHash('sha256')
    .update(`${url}\n${canonicalJson(params)}`)
    .digest('hex');
}

/**
 * Runs `work` once per (user, Idempotency-Key) (security.md, issue 10 §2). The key is claimed first, so
 * a concurrent twin is told "请勿重复提交" instead of spending twice; the answer is written inside the
 * same transaction as the effect, so after any crash a key either has its answer (its effect committed:
 * a retry gets the same answer) or none (nothing committed: once the lease is over, a retry runs it).
 */
export async function withIdempotency<R>(
  db: Db,
  input: {
    userId: number;
    key: string | undefined;
    url: string;
    params: unknown;
    leaseS?: number;
    /** Told of a renewal that failed (the database away); the request goes on, its claim may lapse. */
    onRenewalFailed?: (err: unknown) => void;
  },
  work: () => Promise<R>,
): Promise<R> {
  if (input.key === undefined) return work();
  if (!KEY_PATTERN.test(input.key)) throw new AppError('PARAM_INVALID', 'Idempotency-Key');
  const leaseS = input.leaseS ?? DEFAULT_IDEMPOTENCY_LEASE_S;
  const claim = { userId: input.userId, key: input.key, requestHash: requestHash(input.url, input.params), attempt: randomUUID() };
  const earlier = await claimKey(db, claim, leaseS);
  if (earlier) return earlier.response as R;
  // Everything this attempt writes to its key after the claim is fenced by it: an attempt whose claim
  // lapsed and was taken over renews, answers and frees nothing of its successor's.
  const mine = and(
    eq(idempotentRequests.userId, claim.userId),
    eq(idempotentRequests.key, claim.key),
    eq(idempotentRequests.attempt, claim.attempt),
  );
  const stopHeartbeat = startHeartbeat(
    () =>
      db
        .update(idempotentRequests)
        .set({ claimedAt: sql`now()` })
        .where(and(mine, isNull(idempotentRequests.response))),
    (leaseS * 1000) / 3,
    input.onRenewalFailed,
  );
  let committed = false;
  let pending: unknown;
  let answered: unknown;
  const record = async (ex: Db | Tx, response: unknown) => {
    const rows = await ex
      .update(idempotentRequests)
      .set({ response: response as object })
      .where(mine)
      .returning({ key: idempotentRequests.key });
    // Inside the effect's transaction this rolls the effect back: the key's holder is another attempt now.
    if (rows.length === 0) throw new AppError('DUPLICATE_REQUEST', 'claim taken over by a later attempt');
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
    if (!committed) await db.delete(idempotentRequests).where(and(mine, isNull(idempotentRequests.response)));
    throw err;
  } finally {
    stopHeartbeat();
  }
}

/**
 * Takes the key for `claim.attempt`: a new key, or one whose earlier attempt let its lease lapse without an
 * answer. Returns the earlier answer when there is one; refuses another body under the key, and a key whose
 * attempt is still running (it renews its claim) or has only just died.
 */
async function claimKey(
  db: Db,
  claim: { userId: number; key: string; requestHash: string; attempt: string },
  leaseS: number,
): Promise<{ response: unknown } | undefined> {
  const claimed = await db.insert(idempotentRequests).values(claim).onConflictDoNothing().returning({ key: idempotentRequests.key });
  if (claimed.length > 0) return undefined;
  const where = and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key));
  const [first] = await db.select().from(idempotentRequests).where(where);
  if (!first || first.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (first.response !== null) return { response: first.response };
  const takenOver = await db
    .update(idempotentRequests)
    .set({ claimedAt: sql`now()`, attempt: claim.attempt })
    .where(and(where, isNull(idempotentRequests.response), lt(idempotentRequests.claimedAt, sql`now() - make_interval(secs => ${leaseS})`)))
    .returning({ key: idempotentRequests.key });
  if (takenOver.length === 0) throw new AppError('DUPLICATE_REQUEST', 'first request still running');
  return undefined;
}

/**
 * Calls `renew` every `everyMs` until stopped, one at a time (a slow renewal is not stacked on), without
 * holding the process open. A failed renewal only reports: the request goes on and its transactions stay
 * bounded by the pool's statement and lock timeouts (db/guards.ts).
 */
function startHeartbeat(renew: () => Promise<unknown>, everyMs: number, onFailed?: (err: unknown) => void): () => void {
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    // Whatever a renewal throws, at once or later, ends here: a timer's throw would end the process.
    Promise.resolve()
      .then(renew)
      .catch((err: unknown) => onFailed?.(err))
      .catch(() => undefined)
      .finally(() => {
        renewing = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
