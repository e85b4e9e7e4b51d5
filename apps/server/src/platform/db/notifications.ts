import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './types.js';

/**
 * PostgreSQL's LISTEN/NOTIFY, for messages every node must see once a transaction commits (a revoked
 * session). NOTIFY is transactional: a rolled-back revocation tells nobody, a committed one tells every
 * node, this one included, without Redis.
 */
export interface Notifier {
  /**
   * Calls `onMessage` with each payload sent on `channel`. `onState(false)` while the listening connection
   * is down (messages may be lost: callers must stop trusting what they cached), `onState(true)` again
   * once it listens. Resolves with a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
}

const notifiers = new WeakMap<object, Notifier>();

export function registerNotifier(db: Db, notifier: Notifier): void {
  notifiers.set(db, notifier);
}

export function notifierOf(db: Db): Notifier | undefined {
  return notifiers.get(db);
}

export function pgliteNotifier(pglite: PGlite): Notifier {
  return {
    async listen(channel, onMessage, onState) {
      const unlisten = await pglite.listen(channel, onMessage);
      onState?.(true);
      return unlisten;
    },
  };
}

/** One dedicated connection per channel, outside the pool, reconnected with back-off when it drops. */
export function pgNotifier(url: string): Notifier {
  return {
    async listen(channel, onMessage, onState) {
      let stopped = false;
      let client: pg.Client | undefined;
      let delayMs = 250;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        client = c;
        const down = () => {
          if (client !== c) return;
          client = undefined;
          onState?.(false);
          c.end().catch(() => undefined);
          if (!stopped) setTimeout(() => void connect().catch(() => undefined), (delayMs = Math.min(delayMs * 2, 5_000))).unref();
        };
        c.on('error', down);
        c.on('end', down);
        c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          delayMs = 250;
          onState?.(true);
        } catch {
          down();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        const c = client;
        client = undefined;
        await c?.end().catch(() => undefined);
      };
    },
  };
}
