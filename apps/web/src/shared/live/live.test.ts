import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IMessage } from '@stomp/stompjs';
import { createLiveConnection, liveSocketUrl, type StompCallbacks, type StompLike } from './live-connection';
import { createReconnectPolicy } from './reconnect-policy';
import { parseLiveBody } from './live-message';
import { handleLiveBody } from './use-live-connection';
import { useLiveStore } from '../stores/live-store';
import { givenDrop } from '../../test/factories';

class FakeStomp implements StompLike {
  connected = false;
  active = false;
  subscriptions: string[] = [];
  listener: ((m: IMessage) => void) | null = null;
  constructor(readonly callbacks: StompCallbacks) {}
  activate() {
    this.active = true;
  }
  deactivate() {
    this.active = false;
    this.connected = false;
  }
  subscribe(destination: string, callback: (m: IMessage) => void) {
    this.subscriptions.push(destination);
    this.listener = callback;
  }
  succeed() {
    this.connected = true;
    this.callbacks.onConnect();
  }
  drop() {
    this.connected = false;
    this.callbacks.onWebSocketClose();
  }
}

describe('live connection lifecycle', () => {
  let clients: FakeStomp[];
  const factory = (callbacks: StompCallbacks) => {
    const client = new FakeStomp(callbacks);
    clients.push(client);
    return client;
  };
  beforeEach(() => {
    clients = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes to /topic/messages on connect and hands bodies over', () => {
    const bodies: string[] = [];
    const conn = createLiveConnection({ onBody: (b) => bodies.push(b), factory });
    conn.start();
    clients[0]?.succeed();
    clients[0]?.listener?.({ body: '{"eventType":21,"data":[]}' } as IMessage);
    expect(clients[0]?.subscriptions).toEqual(['/topic/messages']);
    expect(bodies).toEqual(['{"eventType":21,"data":[]}']);
  });

  it('reconnects after its ceiling of 5 s, then 10 s, and back to 5 s after a successful connect', () => {
    // The draw pinned to the top of each window; reconnect-policy.test.ts covers the spread.
    const conn = createLiveConnection({ onBody: () => {}, factory, policy: createReconnectPolicy({ random: () => 0.999999 }) });
    conn.start();
    clients[0]?.drop();
    vi.advanceTimersByTime(4_999);
    expect(clients).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(clients).toHaveLength(2);
    clients[1]?.drop();
    vi.advanceTimersByTime(9_999);
    expect(clients).toHaveLength(2);
    vi.advanceTimersByTime(1);
    clients[2]?.succeed();
    clients[2]?.drop();
    vi.advanceTimersByTime(5_000);
    expect(clients).toHaveLength(4);
  });

  it('stops reconnecting once stopped, and wakes immediately when the tab is visible again', () => {
    const conn = createLiveConnection({ onBody: () => {}, factory });
    conn.start();
    clients[0]?.drop();
    conn.wake();
    expect(clients).toHaveLength(2);
    conn.stop();
    expect(clients[1]?.active).toBe(false);
    clients[1]?.drop();
    vi.advanceTimersByTime(900_000);
    expect(clients).toHaveLength(2);
  });

  it('builds the ws URL on the same host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'a.example' })).toBe('wss://a.example/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});

describe('live message bodies (spec §4)', () => {
  beforeEach(() => useLiveStore.getState().reset());

  it('logs and ignores a body that is not JSON', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseLiveBody('{oops')).toBeNull();
    handleLiveBody('not json at all');
    expect(error).toHaveBeenCalledTimes(2);
    expect(useLiveStore.getState().recent).toEqual([]);
  });

  it('logs and ignores JSON without eventType', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseLiveBody('{"data":[]}')).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it('applies a drop event with image paths prefixed', () => {
    handleLiveBody(JSON.stringify({ eventType: 21, data: [givenDrop(7, 0)] }));
    const { recent, top } = useLiveStore.getState();
    expect(recent.map((d) => d.id)).toEqual([7]);
    expect(top.map((d) => d.id)).toEqual([7]);
    expect(recent[0]?.giftImage).toBe('/img/gifts/ak.png');
  });
});
