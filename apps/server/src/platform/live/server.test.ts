import { afterEach, describe, expect, it } from 'vitest';
import { EventType, live, type LiveMessage } from '@skinfair/contract';
import type { IMessage } from '@stomp/stompjs';
import { trustFunction } from '../http/exposure.js';
import { cleanupAll, RawClient, sleep, startNode, stompClient, subscribeConfirmed, waitFor } from './test-utils.js';

afterEach(cleanupAll);

const drop: LiveMessage = {
  eventType: EventType.CASE_DROP,
  data: [{ id: 1, nickname: 'neo', giftName: 'AK-47 | Redline', grade: 1, recoveryPrice: 1234 }],
};

describe('live server with a STOMP client', () => {
  it('connects, subscribes and receives a published event with the right headers and JSON', async () => {
    const node = await startNode();
    const probe = stompClient(node.url);
    await probe.connected;
    const got: IMessage[] = [];
    const sub = await subscribeConfirmed(probe.client, live.topic, (m) => got.push(m));
    expect(node.live.connectionCount()).toBe(1);
    expect(node.hub.onlineCount()).toBe(1);

    node.hub.publish(drop);
    const msg = await waitFor(() => got[0], 5000, 'MESSAGE');
    expect(msg.headers.subscription).toBe(sub.id);
    expect(msg.headers['message-id']).toMatch(/\S/);
    expect(msg.headers.destination).toBe('/topic/messages');
    expect(msg.headers['content-type']).toBe('application/json');
    expect(JSON.parse(msg.body)).toEqual({ eventType: 21, data: drop.data });

    node.hub.publish({ eventType: EventType.BATTLE_STATE, data: { id: 9 } });
    await waitFor(() => got.length === 2, 5000, 'second MESSAGE');
    expect(got[1]!.headers['message-id']).not.toBe(msg.headers['message-id']);
    expect(probe.errors).toEqual([]);
  });

  it('gives every subscriber its own subscription header and message-id for one publish', async () => {
    const node = await startNode();
    // Two sessions that both use stompjs' first id, and one with two subscriptions, one id needing escapes.
    const clients = await Promise.all([RawClient.open(node.url), RawClient.open(node.url), RawClient.open(node.url)]);
    for (const c of clients) await c.connect();
    const subscribe = (c: RawClient, id: string, receipt: string) => {
      c.send(`SUBSCRIBE\nid:${id}\ndestination:${live.topic}\nreceipt:${receipt}\n\n\0`);
      return waitFor(() => c.frames.find((f) => f.headers['receipt-id'] === receipt), 5000, receipt);
    };
    await subscribe(clients[0]!, 'sub-0', 'r1');
    await subscribe(clients[1]!, 'sub-0', 'r2');
    await subscribe(clients[2]!, 'sub-0', 'r3');
    await subscribe(clients[2]!, 'odd\\cid\\n', 'r4'); // escaped on the wire: odd:id + LF

    node.hub.publish(drop);
    node.hub.publish(drop);
    const messagesOf = (c: RawClient) => c.frames.filter((f) => f.command === 'MESSAGE');
    await waitFor(() => clients.every((c, i) => messagesOf(c).length === (i === 2 ? 4 : 2)), 5000, 'MESSAGE frames');

    const all = clients.flatMap(messagesOf);
    expect(clients.map((c) => messagesOf(c).map((m) => m.headers.subscription))).toEqual([
      ['sub-0', 'sub-0'],
      ['sub-0', 'sub-0'],
      ['sub-0', 'odd:id\n', 'sub-0', 'odd:id\n'],
    ]);
    expect(new Set(all.map((m) => m.headers['message-id'])).size).toBe(all.length);
    for (const m of all) {
      expect(m.headers).toMatchObject({ destination: live.topic, 'content-type': 'application/json' });
      expect(Number(m.headers['content-length'])).toBe(m.body.length);
      expect(JSON.parse(m.body.toString())).toEqual({ eventType: drop.eventType, data: drop.data });
    }
  });

  it('negotiates STOMP 1.2 and the heart-beat, and heart-beats flow both ways', async () => {
    const node = await startNode({ heartbeatMs: 100 });
    const probe = stompClient(node.url, { heartbeatIncoming: 100, heartbeatOutgoing: 100 });
    await probe.connected;
    // stompjs logs each heart-beat it sends (">>> PING") and receives ("<<< PONG").
    const count = (s: string) => probe.debug.filter((m) => m === s).length;
    await waitFor(() => count('>>> PING') >= 8 && count('<<< PONG') >= 8, 10_000, 'heart-beats');
    // Well past 2× the interval of idle traffic: still connected on both ends.
    expect(probe.client.connected).toBe(true);
    expect(node.live.connectionCount()).toBe(1);
    expect(probe.closes).toEqual([]);
  });

  it('refuses SUBSCRIBE to another destination with an ERROR and closes', async () => {
    const node = await startNode();
    const probe = stompClient(node.url);
    await probe.connected;
    probe.client.subscribe('/topic/secret', () => {});
    const err = await waitFor(() => probe.errors[0], 5000, 'ERROR');
    expect(err.headers.message).toBe('unknown destination');
    await waitFor(() => probe.closes.length > 0, 5000, 'close');
    await waitFor(() => node.live.connectionCount() === 0, 5000, 'server-side close');
  });

  it('refuses SEND from clients', async () => {
    const node = await startNode();
    const probe = stompClient(node.url);
    await probe.connected;
    probe.client.publish({ destination: live.topic, body: '{"eventType":21,"data":[]}' });
    const err = await waitFor(() => probe.errors[0], 5000, 'ERROR');
    expect(err.headers.message).toBe('clients may not send');
    await waitFor(() => probe.closes.length > 0, 5000, 'close');
  });

  it('caps subscriptions per connection at 10', async () => {
    const node = await startNode();
    const probe = stompClient(node.url);
    await probe.connected;
    for (let i = 0; i < 10; i++) await subscribeConfirmed(probe.client, live.topic, () => {});
    expect(probe.errors).toEqual([]);
    probe.client.subscribe(live.topic, () => {});
    const err = await waitFor(() => probe.errors[0], 5000, 'ERROR');
    expect(err.headers.message).toBe('too many subscriptions');
    await waitFor(() => probe.closes.length > 0, 5000, 'close');
  });

  it('stops delivery after UNSUBSCRIBE', async () => {
    const node = await startNode();
    const probe = stompClient(node.url);
    await probe.connected;
    const a: IMessage[] = [];
    const b: IMessage[] = [];
    const subA = await subscribeConfirmed(probe.client, live.topic, (m) => a.push(m));
    await subscribeConfirmed(probe.client, live.topic, (m) => b.push(m));
    node.hub.publish(drop);
    await waitFor(() => a.length === 1 && b.length === 1, 5000, 'both subscriptions');
    await subA.unsubscribe();
    node.hub.publish(drop);
    // Both subscriptions are served in one pass, so once b has the second message a would have it too.
    await waitFor(() => b.length === 2, 5000, 'second message on b');
    expect(a).toHaveLength(1);
  });

  it('closes every client on close() and refuses new ones', async () => {
    const node = await startNode();
    const probe = stompClient(node.url);
    await probe.connected;
    await node.live.close();
    expect(node.live.connectionCount()).toBe(0);
    await waitFor(() => probe.closes[0], 5000, 'client close');
    expect(probe.closes[0]).toBe(1012); // Service Restart: the reconnect hint
  });
});

describe('live server protocol edge cases (raw socket)', () => {
  it('answers CONNECTED with version 1.2 and the negotiated heart-beat', async () => {
    const node = await startNode({ heartbeatMs: 10_000 });
    const c = await RawClient.open(node.url);
    expect(c.ws.protocol).toBe('v12.stomp');
    const connected = await c.connect('4000,20000');
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['heart-beat']).toBe('20000,10000');
  });

  it('accepts STOMP as CONNECT and falls back to 1.1', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    c.send('STOMP\naccept-version:1.0,1.1\nhost:x\n\n\0');
    expect((await c.waitFrame('CONNECTED')).headers.version).toBe('1.1');
  });

  it('refuses unsupported protocol versions', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    c.send('CONNECT\naccept-version:1.0\n\n\0');
    const err = await c.waitFrame('ERROR');
    expect(err.headers.message).toBe('unsupported protocol version');
    expect(err.headers.version).toBe('1.2,1.1');
    await c.waitClosed();
  });

  it('sends an ERROR and closes on a malformed frame', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    await c.connect();
    c.send('subscribe\nid:1\n\n\0');
    const err = await c.waitFrame('ERROR');
    expect(err.headers.message).toBe('invalid command');
    expect(await c.waitClosed()).toBe(1002);
    await waitFor(() => node.live.connectionCount() === 0, 5000, 'server-side close');
  });

  it.each([
    ['a bad header escape', 'SUBSCRIBE\nid:\\q\ndestination:/topic/messages\n\n\0', 'invalid header escape'],
    ['a body on SUBSCRIBE', 'SUBSCRIBE\nid:1\ndestination:/topic/messages\n\nhi\0', 'SUBSCRIBE must not have a body'],
    ['a SUBSCRIBE without id', 'SUBSCRIBE\ndestination:/topic/messages\n\n\0', 'missing id header'],
    ['an unknown command', 'FOO\n\n\0', 'unknown command'],
    ['a second CONNECT', 'CONNECT\naccept-version:1.2\n\n\0', 'already connected'],
    ['client ack mode', 'SUBSCRIBE\nid:1\nack:client\ndestination:/topic/messages\n\n\0', 'only ack:auto is supported'],
  ])('refuses %s', async (_name, frame, message) => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    await c.connect();
    c.send(frame);
    expect((await c.waitFrame('ERROR')).headers.message).toBe(message);
    await c.waitClosed();
  });

  it('requires CONNECT first', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    c.send('SUBSCRIBE\nid:1\ndestination:/topic/messages\nreceipt:r1\n\n\0');
    const err = await c.waitFrame('ERROR');
    expect(err.headers.message).toBe('expected CONNECT');
    expect(err.headers['receipt-id']).toBe('r1');
    await c.waitClosed();
  });

  it('answers DISCONNECT with its RECEIPT and closes normally', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    await c.connect();
    c.send('DISCONNECT\nreceipt:bye-77\n\n\0');
    expect((await c.waitFrame('RECEIPT')).headers['receipt-id']).toBe('bye-77');
    expect(await c.waitClosed()).toBe(1000);
  });

  it('closes a socket that does not CONNECT in time', async () => {
    const node = await startNode({ connectTimeoutMs: 150 });
    const c = await RawClient.open(node.url);
    expect((await c.waitFrame('ERROR')).headers.message).toBe('CONNECT timeout');
    await c.waitClosed();
    await waitFor(() => node.live.connectionCount() === 0, 5000, 'server-side close');
  });

  it('reaps a client that stops heart-beating', async () => {
    const node = await startNode({ heartbeatMs: 100 });
    const c = await RawClient.open(node.url);
    const connected = await c.connect('100,100');
    expect(connected.headers['heart-beat']).toBe('100,100');
    // Beat a few times, then go silent.
    for (let i = 0; i < 5; i++) {
      c.send('\n');
      await sleep(20);
    }
    await c.waitClosed(10_000);
    expect(c.heartbeats).toBeGreaterThan(0); // the server beat too
    await waitFor(() => node.live.connectionCount() === 0, 5000, 'server-side close');
  });

  it('keeps a client without STOMP heart-beats alive through WebSocket pings, and reaps it when pongs stop', async () => {
    const node = await startNode({ heartbeatMs: 100 });
    const alive = await RawClient.open(node.url);
    await alive.connect('0,0');
    let pings = 0;
    alive.ws.on('ping', () => pings++);
    const dead = await RawClient.open(node.url, { autoPong: false });
    await dead.connect('0,0');
    await dead.waitClosed(10_000);
    await waitFor(() => pings >= 5, 10_000, 'pings');
    expect(alive.closeCode).toBeUndefined();
    expect(node.live.connectionCount()).toBe(1);
  });

  it('closes a socket that sends more than 64 KiB in one message', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    await c.connect();
    c.send('SEND\ndestination:/topic/messages\n\n' + 'x'.repeat(65 * 1024) + '\0');
    expect(await c.waitClosed()).toBe(1009);
    await waitFor(() => node.live.connectionCount() === 0, 5000, 'server-side close');
  });

  it('refuses a frame that grows past 64 KiB over several messages', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url);
    await c.connect();
    c.send('SEND\ndestination:/topic/messages\n\n');
    for (let i = 0; i < 3; i++) c.send('x'.repeat(30 * 1024));
    expect((await c.waitFrame('ERROR')).headers.message).toBe('frame too large');
    await c.waitClosed();
  });

  it('caps connections per IP', async () => {
    const node = await startNode({ maxConnectionsPerIp: 2 });
    const a = await RawClient.open(node.url);
    await RawClient.open(node.url);
    const refused = await RawClient.open(node.url);
    expect(refused.opened).toBe(false);
    expect(refused.unexpectedStatus).toBe(429);
    expect(node.live.connectionCount()).toBe(2);
    a.ws.close();
    await waitFor(() => node.live.connectionCount() === 1, 5000, 'slot freed');
    // The slot is released with the TCP socket, which may trail the WebSocket close a little.
    let again: RawClient | undefined;
    for (let i = 0; i < 50 && !again?.opened; i++) {
      again = await RawClient.open(node.url);
      if (!again.opened) await sleep(20);
    }
    expect(again?.opened).toBe(true);
  });

  it('counts the proxy-supplied address only from a trusted proxy', async () => {
    const node = await startNode({ maxConnectionsPerIp: 1, trustProxy: trustFunction(['127.0.0.1']) });
    const from = (ip: string) => RawClient.open(node.url, { headers: { 'x-forwarded-for': `6.6.6.6, ${ip}` } });
    expect((await from('1.1.1.1')).opened).toBe(true);
    expect((await from('2.2.2.2')).opened).toBe(true);
    expect((await from('1.1.1.1')).unexpectedStatus).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const node = await startNode({ maxConnectionsPerIp: 1, trustProxy: trustFunction(['10.0.0.0/8']) });
    const from = (ip: string) => RawClient.open(node.url, { headers: { 'x-forwarded-for': ip } });
    expect((await from('1.1.1.1')).opened).toBe(true);
    // Both come from 127.0.0.1 in truth: the forged header does not buy a second slot.
    expect((await from('2.2.2.2')).unexpectedStatus).toBe(429);
  });

  it('counts IPv6 clients per /64', async () => {
    const node = await startNode({ maxConnectionsPerIp: 1, trustProxy: trustFunction(['loopback']) });
    const from = (ip: string) => RawClient.open(node.url, { headers: { 'x-forwarded-for': ip } });
    expect((await from('2001:db8:1:2::1')).opened).toBe(true);
    expect((await from('2001:db8:1:2:ffff::9')).unexpectedStatus).toBe(429);
    expect((await from('2001:db8:1:3::1')).opened).toBe(true);
  });

  it('answers 404 to upgrades on other paths', async () => {
    const node = await startNode();
    const c = await RawClient.open(node.url.replace('/ws', '/other'));
    expect(c.unexpectedStatus).toBe(404);
  });
});
