import { AppError } from '../errors.js';

export interface UserLimits {
  /** Money calls one player may start per second (a token bucket; bursts up to twice this). */
  perSecond: number;
  /** Money calls of one player running at once on this node. */
  inFlight: number;
}

/** A token bucket (bursts to twice the rate) and an in-flight cap per key, in this process. */
export class KeyedLimiter<K> {
  private readonly buckets = new Map<K, { tokens: number; at: number; running: number }>();

  constructor(
    private readonly limits: UserLimits,
    private readonly clock: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes a slot or throws RATE_LIMITED; the returned function gives the slot back (idempotent). */
  acquire(key: K): () => void {
    const now = this.clock();
    const burst = this.limits.perSecond * 2;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: burst, at: now, running: 0 };
      // Bounded memory under a flood of distinct keys: the oldest-inserted bucket goes first.
      if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as K);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * this.limits.perSecond);
    bucket.at = now;
    if (bucket.running >= this.limits.inFlight || bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      throw new AppError('RATE_LIMITED', 'per-key limit');
    }
    bucket.tokens -= 1;
    bucket.running += 1;
    this.buckets.set(key, bucket);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bucket.running -= 1;
      // A bucket that is idle and would be full again holds no information: forget it (a small map).
      const refilled = bucket.tokens + ((this.clock() - bucket.at) / 1000) * this.limits.perSecond;
      if (bucket.running === 0 && refilled >= burst) this.buckets.delete(key);
    };
  }

  get size(): number {
    return this.buckets.size;
  }
}

/**
 * Per-player limits on money calls (issue 10 §3): one player flooding, from one address or fifty, gets
 * "操作过于频繁" instead of the connection pool, so everyone else keeps their latency. Counters live in
 * this process: each node enforces its own share, which is what protects its own pool.
 */
export class UserMoneyLimiter extends KeyedLimiter<number> {}

/**
 * Per-token limit on API calls, checked before the session is looked up: a flood under one token is
 * refused without a database round trip (the money limit needs the user, which costs a query).
 */
export class TokenLimiter extends KeyedLimiter<string> {}

/**
 * Runs `take` (a limiter's acquire) and, when it refuses, answers the refusal only after `delayMs`: a
 * client that floods in a loop then waits instead of costing this node a request per microsecond, while
 * the wait itself holds no connection from the pool and no slot of any limit.
 */
export async function acquireOrRefuseSlowly<T>(take: () => T, delayMs: number): Promise<T> {
  try {
    return take();
  } catch (err) {
    // Jittered (½ to 1½ × delayMs) so a flooder's connections do not come back in one synchronized wave.
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs * (0.5 + Math.random())));
    throw err;
  }
}
