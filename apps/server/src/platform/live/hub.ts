/**
 * The live hub: services publish here; the hub fans out to local subscribers and, when Redis is
 * configured, to every other node through a Redis channel.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { openRedis, type RedisSettings } from '../redis/connection.js';
import type { LiveMessage } from '@skinfair/contract';
import type { LiveLogger } from './logger.js';

export type LiveListener = (msg: LiveMessage) => void;

export interface LiveHubOptions {
  /** redis://… ; without it (and without `redis`) the hub is local to this process. */
  redisUrl?: string;
  /** Where Redis is, a server or Sentinels (config.redis); wins over redisUrl. */
  redis?: RedisSettings;
  logger: LiveLogger;
  /** Redis channel shared by all nodes. Default 'skinfair:live'. */
  channel?: string;
  /** Redis hash where each node keeps its connection count. Default 'skinfair:live:online'. */
  presenceKey?: string;
  /** How often a node reports its count and reads the others'. Default 5000 ms. */
  presenceIntervalMs?: number;
}

export interface LiveHub {
  /** Deliver now to local subscribers and (with Redis) to every other node. Never throws. */
  publish(msg: LiveMessage): void;
  /** Receive every message published on any node; returns an unsubscribe function. */
  subscribe(fn: LiveListener): () => void;
  /**
   * Open live connections: this node's, counted now, plus (with Redis) the other nodes' fresh reports
   * as read at the last presence sync.
   */
  onlineCount(): number;
  /** Reports this node's count to Redis and reads the other nodes' now (runs on a timer; tests call it). */
  syncPresence(): Promise<void>;
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
  return typeof e.node === 'string' && typeof msg === 'object' && msg !== null && Number.isInteger(msg.eventType) && 'data' in msg;
};

export const DEFAULT_CHANNEL = 'skinfair:live';
export const DEFAULT_PRESENCE_KEY = 'skinfair:live:online';

/**
 * Writes this node's entry ("count:ms" stamped with the Redis clock, so node clocks need not agree),
 * drops entries older than the TTL (nodes that died) and returns the sum of the other fresh entries.
 * The whole hash expires too, should every node go away.
 */
const PRESENCE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. now)
redis.call('PEXPIRE', KEYS[1], ttl)
local all = redis.call('HGETALL', KEYS[1])
local others = 0
for i = 1, #all, 2 do
  local field, value = all[i], all[i + 1]
  local sep = string.find(value, ':', 1, true)
  local n = sep and tonumber(string.sub(value, 1, sep - 1))
  local at = sep and tonumber(string.sub(value, sep + 1))
  if not n or not at or now - at > ttl then
    redis.call('HDEL', KEYS[1], field)
  elseif field ~= ARGV[1] then
    others = others + n
  end
end
return others
`;
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
  const presenceKey = options.presenceKey ?? DEFAULT_PRESENCE_KEY;
  const presenceIntervalMs = options.presenceIntervalMs ?? 5_000;
  // A node that misses three reports is gone: its connections are not counted any more.
  const presenceTtlMs = presenceIntervalMs * 3;
  let remoteOnline = 0;
  let presenceTimer: ReturnType<typeof setInterval> | undefined;
  const localOnline = (): number => {
    let n = 0;
    for (const count of sources) n += count();
    return n;
  };

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
  const redisSettings = options.redis ?? (options.redisUrl ? { url: options.redisUrl } : undefined);
  if (redisSettings) {
    // Commands issued while disconnected wait in ioredis' offline queue, which is flushed with an error
    // after one failed reconnect (maxRetriesPerRequest: 1); MAX_IN_FLIGHT bounds it further.
    pub = openRedis(redisSettings, { maxRetriesPerRequest: 1 });
    // The subscriber must queue its SUBSCRIBE until the first connect; ioredis re-subscribes after reconnects.
    sub = openRedis(redisSettings, { maxRetriesPerRequest: null });
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

  const syncPresence = async (): Promise<void> => {
    if (!pub || closed) return;
    try {
      const others = await pub.eval(PRESENCE_SCRIPT, 1, presenceKey, nodeId, String(localOnline()), String(presenceTtlMs));
      remoteOnline = Number(others) || 0;
    } catch {
      // Without Redis the other nodes are unknown: count this node only rather than a stale total.
      remoteOnline = 0;
    }
  };
  if (pub) {
    void syncPresence();
    presenceTimer = setInterval(() => void syncPresence(), presenceIntervalMs);
    presenceTimer.unref();
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
            logger.warn({ err, eventType: msg.eventType }, 'live hub: redis publish failed, other nodes miss events');
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
      return localOnline() + remoteOnline;
    },
    syncPresence,
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
      if (presenceTimer) clearInterval(presenceTimer);
      // Leave the count at once instead of after the TTL.
      if (pub?.status === 'ready') await pub.hdel(presenceKey, nodeId).catch(() => {});
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
