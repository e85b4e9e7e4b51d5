import { AppError } from '../errors.js';

export interface UserLimits {
  /** Money calls one player may start per second (a token bucket; bursts up to twice this). */
  perSecond: number;
  /** Money calls of one player running at once on this node. */
  inFlight: number;
}

/**
 * Per-player limits on money calls (issue 10 §3): one player flooding, from one address or fifty, gets
 * "操作过于频繁" instead of the connection pool, so everyone else keeps their latency. Counters live in
 * this process: each node enforces its own share, which is what protects its own pool.
 */
export class UserMoneyLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number; running: number }>();

  constructor(
    private readonly limits: UserLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Takes a slot or throws RATE_LIMITED; the returned function gives the slot back (idempotent). */
  acquire(userId: number): () => void {
    const now = this.clock();
    const burst = this.limits.perSecond * 2;
    const bucket = this.buckets.get(userId) ?? { tokens: burst, at: now, running: 0 };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * this.limits.perSecond);
    bucket.at = now;
    if (bucket.running >= this.limits.inFlight || bucket.tokens < 1) {
      this.buckets.set(userId, bucket);
      throw new AppError('RATE_LIMITED', `user ${userId} money calls`);
    }
    bucket.tokens -= 1;
    bucket.running += 1;
    this.buckets.set(userId, bucket);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bucket.running -= 1;
      // A bucket that is idle and would be full again holds no information: forget it (a small map).
      const refilled = bucket.tokens + ((this.clock() - bucket.at) / 1000) * this.limits.perSecond;
      if (bucket.running === 0 && refilled >= burst) this.buckets.delete(userId);
    };
  }

  get size(): number {
    return this.buckets.size;
  }
}
