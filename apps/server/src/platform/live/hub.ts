/**
 * The live hub: services publish here; the hub fans out to local subscribers and, when Redis is
 * configured, to every other node through a Redis channel.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { LiveMessage } from '@skinfair/contract';
import type { LiveLogger } from './logger.js';

export type LiveListener = (msg: LiveMessage) => void;

export interface LiveHubOptions {
  /** redis://… ; without it the hub is local to this process. */
  redisUrl?: string;
  logger: LiveLogger;
  /** Redis channel shared by all nodes. Default 'skinfair:live'. */
  channel?: string;
}

export interface LiveHub {
  /** Deliver now to local subscribers and (with Redis) to every other node. Never throws. */
  publish(msg: LiveMessage): void;
  /** Receive every message published on any node; returns an unsubscribe function. */
  subscribe(fn: LiveListener): () => void;
  /** Open live connections on this node. */
  onlineCount(): number;
  /** Register a source of connection counts (the live server does this); returns an unregister function. */
  addConnectionSource(count: () => number): () => void;
  /** This node's id (tags messages sent through Redis). */
  readonly nodeId: string;
  close(): Promise<void>;
}

interface Envelope {
  node: string;
  msg: LiveMessage;
}

const isEnvelope = (v: unknown): v is Envelope => {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const msg = e.msg as Record<string, unknown> | null | undefined;
  return (
    typeof e.node === 'string' &&
    typeof msg === 'object' &&
    msg !== null &&
    Number.isInteger(msg.eventType) &&
    'data' in msg
  );
};

export const DEFAULT_CHANNEL = 'skinfair:live';
/** Publishes waiting on Redis beyond this are dropped (for other nodes only) instead of queued. */
const MAX_IN_FLIGHT = 1000;

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { logger } = options;
  const channel = options.channel ?? DEFAULT_CHANNEL;
  const nodeId = randomUUID();
  const listeners = new Set<LiveListener>();
  const sources = new Set<() => number>();
  let closed = false;
  let inFlight = 0;
  let droppedWarned = false;
  let publishFailing = false; // log one warning per outage, not one per event

  const deliverLocal = (msg: LiveMessage): void => {
    for (const fn of [...listeners]) {
      try {
        fn(msg);
      } catch (err) {
        logger.error({ err }, 'live listener failed');
      }
    }
  };

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (options.redisUrl) {
    // Commands issued while disconnected wait in ioredis' offline queue, which is flushed with an error
    // after one failed reconnect (maxRetriesPerRequest: 1); MAX_IN_FLIGHT bounds it further.
    pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    // The subscriber must queue its SUBSCRIBE until the first connect; ioredis re-subscribes after reconnects.
    sub = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    for (const [role, client] of [
      ['publisher', pub],
      ['subscriber', sub],
    ] as const) {
      let down = false;
      client.on('error', (err: Error) => {
        if (down || closed) return; // ioredis retries on its own; log once per outage
        down = true;
        logger.error({ err, role }, 'live hub: redis connection error, local delivery continues');
      });
      client.on('ready', () => {
        if (down) logger.info({ role }, 'live hub: redis connection restored');
        down = false;
      });
    }
    sub.subscribe(channel).catch((err: unknown) => {
      if (!closed) logger.error({ err, channel }, 'live hub: redis subscribe failed');
    });
    sub.on('message', (ch: string, raw: string) => {
      if (ch !== channel || closed) return;
      let envelope: unknown;
      try {
        envelope = JSON.parse(raw);
      } catch {
        logger.warn({ channel }, 'live hub: ignoring non-JSON redis message');
        return;
      }
      if (!isEnvelope(envelope)) {
        logger.warn({ channel }, 'live hub: ignoring malformed redis message');
        return;
      }
      if (envelope.node === nodeId) return; // already delivered locally when published
      deliverLocal(envelope.msg);
    });
  }

  return {
    nodeId,
    publish(msg) {
      if (closed) return;
      deliverLocal(msg);
      if (!pub) return;
      let payload: string;
      try {
        payload = JSON.stringify({ node: nodeId, msg } satisfies Envelope);
      } catch (err) {
        logger.error({ err, eventType: msg.eventType }, 'live hub: message not serialisable');
        return;
      }
      if (inFlight >= MAX_IN_FLIGHT) {
        if (!droppedWarned) logger.warn({ channel }, 'live hub: redis backlog full, other nodes miss events');
        droppedWarned = true;
        return;
      }
      inFlight++;
      pub
        .publish(channel, payload)
        .then(() => {
          droppedWarned = false;
          publishFailing = false;
        })
        .catch((err: unknown) => {
          if (!publishFailing && !closed) {
            logger.warn(
              { err, eventType: msg.eventType },
              'live hub: redis publish failed, other nodes miss events',
            );
          }
          publishFailing = true;
        })
        .finally(() => {
          inFlight--;
        });
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
    onlineCount() {
      let n = 0;
      for (const count of sources) n += count();
      return n;
    },
    addConnectionSource(count) {
      sources.add(count);
      return () => {
        sources.delete(count);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.all(
        [pub, sub].map(async (client) => {
          if (!client) return;
          if (client.status === 'ready') {
            try {
              await client.quit();
              return;
            } catch {
              // fall through to a hard disconnect
            }
          }
          client.disconnect();
        }),
      );
    },
  };
}
