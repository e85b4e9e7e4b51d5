import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventType, live, type LiveMessage } from '@skinfair/contract';
import type { IMessage } from '@stomp/stompjs';
import { createLiveHub } from './hub.js';
import { silentLogger, type LiveLogger } from './logger.js';
import { cleanupAll, startNode, stompClient, subscribeConfirmed, waitFor } from './test-utils.js';

afterEach(cleanupAll);

const msg = (n: number): LiveMessage => ({ eventType: EventType.CASE_DROP, data: [{ id: n }] });

describe('live hub (local)', () => {
  it('delivers to every subscriber until it unsubscribes', async () => {
    const hub = createLiveHub({ logger: silentLogger });
    const a: LiveMessage[] = [];
    const b: LiveMessage[] = [];
    const offA = hub.subscribe((m) => a.push(m));
    hub.subscribe((m) => b.push(m));
    hub.publish(msg(1));
    offA();
    hub.publish(msg(2));
    expect(a).toEqual([msg(1)]);
    expect(b).toEqual([msg(1), msg(2)]);
    await hub.close();
    hub.publish(msg(3));
    expect(b).toHaveLength(2);
  });

  it('keeps delivering when one subscriber throws', async () => {
    const logger: LiveLogger = { ...silentLogger, error: vi.fn() };
    const hub = createLiveHub({ logger });
    const got: LiveMessage[] = [];
    hub.subscribe(() => {
      throw new Error('boom');
    });
    hub.subscribe((m) => got.push(m));
    hub.publish(msg(1));
    expect(got).toEqual([msg(1)]);
    expect(logger.error).toHaveBeenCalled();
    await hub.close();
  });

  it('counts open connections of the live servers attached to it', async () => {
    const hub = createLiveHub({ logger: silentLogger });
    const node = await startNode({}, hub);
    expect(hub.onlineCount()).toBe(0);
    const p1 = stompClient(node.url);
    const p2 = stompClient(node.url);
    await Promise.all([p1.connected, p2.connected]);
    expect(hub.onlineCount()).toBe(2);
    await p1.client.deactivate();
    await waitFor(() => hub.onlineCount() === 1, 5000, 'count to drop');
    await node.stop();
    expect(hub.onlineCount()).toBe(0);
    await hub.close();
  });

  it('keeps local delivery working when Redis is unreachable', async () => {
    const logger: LiveLogger = { ...silentLogger, error: vi.fn(), warn: vi.fn() };
    const hub = createLiveHub({ logger, redisUrl: 'redis://127.0.0.1:1' });
    const node = await startNode({}, hub);
    const probe = stompClient(node.url);
    await probe.connected;
    const got: IMessage[] = [];
    await subscribeConfirmed(probe.client, live.topic, (m) => got.push(m));
    hub.publish(msg(1));
    hub.publish(msg(2));
    await waitFor(() => got.length === 2, 5000, 'local delivery');
    expect(got.map((m) => JSON.parse(m.body))).toEqual([msg(1), msg(2)]);
    await waitFor(() => vi.mocked(logger.error).mock.calls.length > 0, 5000, 'redis error to be logged');
    await node.stop();
    await hub.close();
  });
});

describe.skipIf(!process.env.REDIS_URL)('live hub across two nodes via Redis', () => {
  it('delivers a publish on node A exactly once to clients on A and on B', async () => {
    const redisUrl = process.env.REDIS_URL!;
    const channel = `skinfair:live:test:${randomUUID()}`;
    const hubA = createLiveHub({ logger: silentLogger, redisUrl, channel });
    const hubB = createLiveHub({ logger: silentLogger, redisUrl, channel });
    const nodeA = await startNode({}, hubA);
    const nodeB = await startNode({}, hubB);
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    const pa = stompClient(nodeA.url);
    const pb = stompClient(nodeB.url);
    await Promise.all([pa.connected, pb.connected]);
    await subscribeConfirmed(pa.client, live.topic, (m) => onA.push(JSON.parse(m.body)));
    await subscribeConfirmed(pb.client, live.topic, (m) => onB.push(JSON.parse(m.body)));
    const count = (list: unknown[], id: number) => list.filter((m) => JSON.stringify(m) === JSON.stringify(msg(id))).length;

    // Both hubs' Redis subscriptions must be live before counting: probe each direction until it works.
    const probeId = (from: 'A' | 'B', n: number) => 1000 * (from === 'A' ? 1 : 2) + n;
    for (const [from, hub, to] of [
      ['A', hubA, onB],
      ['B', hubB, onA],
    ] as const) {
      for (let n = 0; ; n++) {
        hub.publish(msg(probeId(from, n)));
        const ok = await waitFor(() => count(to, probeId(from, n)) > 0, 200, 'probe').catch(() => false);
        if (ok) break;
        if (n > 50) throw new Error('redis pub/sub never became ready');
      }
    }

    // A publishes 1; once B has it, B publishes 2; once A has 2, A publishes 3 and B gets it.
    // Redis delivers in order, so by the time a node sees the next message any echo of the
    // previous one has already been processed there.
    hubA.publish(msg(1));
    await waitFor(() => count(onB, 1) > 0, 5000, 'm1 on B');
    hubB.publish(msg(2));
    await waitFor(() => count(onA, 2) > 0, 5000, 'm2 on A');
    hubA.publish(msg(3));
    await waitFor(() => count(onB, 3) > 0, 5000, 'm3 on B');

    expect(count(onA, 1)).toBe(1);
    expect(count(onB, 1)).toBe(1);
    expect(count(onA, 2)).toBe(1);
    expect(count(onB, 2)).toBe(1);
    expect(count(onA, 3)).toBe(1);

    await nodeA.stop();
    await nodeB.stop();
    await Promise.all([hubA.close(), hubB.close()]);
  });

  it('sums the live connections of every node, and forgets a node that leaves', async () => {
    const redisUrl = process.env.REDIS_URL!;
    const presenceKey = `skinfair:live:online:test:${randomUUID()}`;
    // A long interval: the test drives the syncs itself instead of waiting on the timer.
    const options = {
      logger: silentLogger,
      redisUrl,
      channel: `skinfair:live:test:${randomUUID()}`,
      presenceKey,
      presenceIntervalMs: 60_000,
    };
    const hubA = createLiveHub(options);
    const hubB = createLiveHub(options);
    const nodeA = await startNode({}, hubA);
    const nodeB = await startNode({}, hubB);
    const clients = [stompClient(nodeA.url), stompClient(nodeA.url), stompClient(nodeB.url)];
    await Promise.all(clients.map((c) => c.connected));
    await hubA.syncPresence();
    await hubB.syncPresence();
    await hubA.syncPresence();
    expect(hubA.onlineCount()).toBe(3);
    expect(hubB.onlineCount()).toBe(3);

    await nodeB.stop();
    await hubB.close();
    await hubA.syncPresence();
    expect(hubA.onlineCount()).toBe(2);
    await nodeA.stop();
    await hubA.close();
  });
});
