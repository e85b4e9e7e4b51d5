import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { idempotentRequests } from './idempotency-tables.js';

const KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;

function requestHash(url: string, params: unknown): string {
  const canonical = JSON.stringify(params, Object.keys(params as object).sort());
  return createHash('sha256').update(`${url}\n${canonical}`).digest('hex');
}

/**
 * Runs `work` once per (user, Idempotency-Key). The key is claimed before the work starts, so a
 * concurrent twin is told "请勿重复提交" instead of spending twice; a failed first attempt frees the key.
 */
export async function withIdempotency<R>(
  db: Db,
  input: { userId: number; key: string | undefined; url: string; params: unknown },
  work: () => Promise<R>,
): Promise<R> {
  if (input.key === undefined) return work();
  if (!KEY_PATTERN.test(input.key)) throw new AppError('PARAM_INVALID', 'Idempotency-Key');
  const hash = requestHash(input.url, input.params);
  const claimed = await db
    .insert(idempotentRequests)
    .values({ userId: input.userId, key: input.key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  const where = and(eq(idempotentRequests.userId, input.userId), eq(idempotentRequests.key, input.key));
  if (claimed.length === 0) {
    const [first] = await db.select().from(idempotentRequests).where(where);
    if (!first || first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (first.response === null) throw new AppError('DUPLICATE_REQUEST', 'first request still running');
    return first.response as R;
  }
  try {
    const result = await work();
    await db.update(idempotentRequests).set({ response: result as object }).where(where);
    return result;
  } catch (err) {
    await db.delete(idempotentRequests).where(where);
    throw err;
  }
}
