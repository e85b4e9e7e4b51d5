import type { Db } from '../db/client.js';
import { notifierOf } from '../db/notifications.js';

/** The channel on which a committed revocation names its user (sessions.ts sends it in the same transaction). */
export const SESSION_REVOKED_CHANNEL = 'skinfair_session_revoked';

interface Entry {
  userId: number;
  sessionId: number;
  until: number;
}

/** Every cache of this process, so a revocation made here is honoured at once, before its NOTIFY arrives. */
const caches = new Set<SessionCache>();

/**
 * Token → session for a few seconds (issue 11): a logged-in call no longer costs a session query. A
 * revocation empties the user's entries here at once and, through NOTIFY when it commits, on every node;
 * while a node's listening connection is down it trusts nothing it cached. The idle and absolute expiry
 * are days long, so seconds of caching cannot stretch them in any way that matters.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private listening: boolean;
  /** Bumped by every eviction: a lookup that started before one must not store what it read. */
  private evictions = 0;

  constructor(
    private readonly ttlMs: number,
    listening = true,
  ) {
    this.listening = listening;
    caches.add(this);
  }

  get(tokenHash: string): { userId: number; sessionId: number } | undefined {
    if (!this.listening || this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Pass to `set`: taken before the database is read. */
  mark(): number {
    return this.evictions;
  }

  /** Stores a session read from the database, unless a revocation was heard since `mark` (it may be it). */
  set(tokenHash: string, session: { userId: number; sessionId: number }, mark: number): void {
    if (!this.listening || this.ttlMs <= 0 || mark !== this.evictions) return;
    // Bounded: a flood of distinct valid tokens cannot grow it without limit.
    if (this.entries.size >= 100_000) this.entries.clear();
    this.entries.set(tokenHash, { ...session, until: Date.now() + this.ttlMs });
  }

  evictUser(userId: number): void {
    this.evictions++;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  setListening(listening: boolean): void {
    this.evictions++;
    this.listening = listening;
    if (!listening) this.entries.clear();
  }

  close(): void {
    caches.delete(this);
    this.entries.clear();
  }
}

export function evictUserSessionsLocally(userId: number): void {
  for (const cache of caches) cache.evictUser(userId);
}

/** A cache that hears revocations committed on any node; without a notifier (or a TTL) it caches nothing. */
export async function createSessionCache(db: Db, ttlMs: number): Promise<{ cache: SessionCache; close: () => Promise<void> }> {
  const notifier = notifierOf(db);
  const cache = new SessionCache(ttlMs, false);
  if (!notifier || ttlMs <= 0) return { cache, close: async () => cache.close() };
  const stop = await notifier.listen(
    SESSION_REVOKED_CHANNEL,
    (payload) => cache.evictUser(Number(payload)),
    (listening) => cache.setListening(listening),
  );
  return {
    cache,
    close: async () => {
      cache.close();
      await stop();
    },
  };
}
