import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { EventType, type LiveMessage } from '@skinfair/contract';
import { createLiveHub, type LiveHub } from './hub.js';
import { silentLogger } from './logger.js';
import { waitFor } from './test-utils.js';
import { openRedis, type RedisSettings } from '../redis/connection.js';
import { hasRedisSentinel, hasRedisServer, startOwnRedis, startOwnSentinel, type OwnRedis } from '../../testing/redis-instances.js';

/**
 * Redis is optional at run time (issue 26 §10): while it is away each node delivers its own events only,
 * and when it returns the fan-out resumes by itself. And the same fan-out through Redis Sentinel.
 */
const msg = (n: number): LiveMessage => ({ eventType: EventType.CASE_DROP, data: [{ id: n }] });
const ids = (list: LiveMessage[]) => list.map((m) => (m.data as { id: number }[])[0]!.id);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function twoHubs(redis: RedisSettings) {
  const channel = `skinfair:live:test:${randomUUID()}`;
  const hubs = [0, 1].map(() => createLiveHub({ logger: silentLogger, redis, channel, presenceIntervalMs: 60_000 }));
  cleanups.push(async () => void (await Promise.all(hubs.map((h) => h.close()))));
  const got = hubs.map(() => [] as LiveMessage[]);
  hubs.forEach((h, i) => h.subscribe((m) => got[i]!.push(m)));
  return { a: hubs[0]!, b: hubs[1]!, onA: got[0]!, onB: got[1]! };
}

/** Publishes probes from `from` until `to` receives one: the subscriptions on Redis are then live. */
async function fanOutWorks(from: LiveHub, to: LiveMessage[], base: number, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  for (let n = base; ; n++) {
    from.publish(msg(n));
    const arrived = await waitFor(() => ids(to).includes(n), 200, 'probe').then(
      () => true,
      () => false,
    );
    if (arrived) return;
    if (Date.now() - started > timeoutMs) throw new Error('the fan-out through Redis never worked');
  }
}

describe.skipIf(!hasRedisServer)('live fan-out while its own Redis dies and returns', () => {
  it('delivers node-locally while Redis is down and across nodes again once it is back', async () => {
    const redis: OwnRedis = await startOwnRedis();
    cleanups.push(() => redis.stop());
    const { a, b, onA, onB } = twoHubs({ url: redis.url });
    await fanOutWorks(a, onB, 1_000);

    await redis.kill();
    a.publish(msg(1));
    // Node A's own subscribers still get it at once; B cannot, and nothing throws or queues for ever.
    expect(ids(onA)).toContain(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(onB)).not.toContain(1);

    await redis.start();
    // ioredis reconnects and re-subscribes by itself; no restart of the node.
    await fanOutWorks(a, onB, 2_000);
    await fanOutWorks(b, onA, 3_000);
    a.publish(msg(7));
    await waitFor(() => ids(onB).includes(7), 5_000, 'm7 on B');
    expect(ids(onB).filter((id) => id === 7)).toHaveLength(1);
    expect(ids(onA).filter((id) => id === 7)).toHaveLength(1);
  }, 60_000);
});

describe('live fan-out through Redis Sentinel', () => {
  const reason = !hasRedisSentinel
    ? 'redis-sentinel is not installed (Debian package redis-sentinel)'
    : !hasRedisServer
      ? 'redis-server is not installed'
      : '';
  it.skipIf(reason !== '')(
    `finds the master through a Sentinel and fans out through it${reason ? ` (skipped: ${reason})` : ''}`,
    async () => {
      const master = await startOwnRedis();
      cleanups.push(() => master.stop());
      const sentinel = await startOwnSentinel({ host: '127.0.0.1', port: master.port }, 'skinfair-test');
      cleanups.push(() => sentinel.stop());
      const settings: RedisSettings = { sentinels: [{ host: '127.0.0.1', port: sentinel.port }], sentinelName: 'skinfair-test' };

      // A plain client: the Sentinel names the master, and the connection lands on it.
      const client = openRedis(settings, { maxRetriesPerRequest: 1 });
      cleanups.push(async () => void client.disconnect());
      expect(await client.ping()).toBe('PONG');
      expect(Number((await client.info('server')).match(/tcp_port:(\d+)/)?.[1])).toBe(master.port);

      const { a, b, onA, onB } = twoHubs(settings);
      await fanOutWorks(a, onB, 1_000);
      await fanOutWorks(b, onA, 2_000);
    },
    60_000,
  );

  it.skipIf(reason !== '')(
    `follows the master to its replica when Sentinel fails it over${reason ? ` (skipped: ${reason})` : ''}`,
    async () => {
      const master = await startOwnRedis();
      cleanups.push(() => master.stop());
      const replica = await startOwnRedis({ replicaOf: master.port });
      cleanups.push(() => replica.stop());
      const sentinel = await startOwnSentinel({ host: '127.0.0.1', port: master.port }, 'skinfair-failover', 1_000);
      cleanups.push(() => sentinel.stop());
      const settings: RedisSettings = { sentinels: [{ host: '127.0.0.1', port: sentinel.port }], sentinelName: 'skinfair-failover' };
      const { a, b, onA, onB } = twoHubs(settings);
      await fanOutWorks(a, onB, 1_000);

      await master.kill();
      // The Sentinel sees the master down after 1 s and promotes the replica; ioredis asks it again when it
      // reconnects and lands on the new master. Meanwhile each node delivers its own events.
      a.publish(msg(1));
      expect(ids(onA)).toContain(1);
      await fanOutWorks(a, onB, 2_000, 45_000);
      await fanOutWorks(b, onA, 3_000);
      const client = openRedis(settings, { maxRetriesPerRequest: 1 });
      cleanups.push(async () => void client.disconnect());
      expect(Number((await client.info('server')).match(/tcp_port:(\d+)/)?.[1])).toBe(replica.port);
    },
    90_000,
  );
});
