import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { StompConnection, type ConnectionOptions } from './connection.js';
import { prepareMessage } from './frame.js';
import { silentLogger } from './logger.js';
import { FrameParser } from './parser.js';

/** Just enough of a `ws` WebSocket to drive a StompConnection without a network. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: (string | Buffer)[] = [];
  send(data: string | Buffer) {
    this.sent.push(data);
  }
  ping() {}
  close() {
    this.finish();
  }
  terminate() {
    this.finish();
  }
  private finish() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.emit('close', 1000));
  }
  frames() {
    return new FrameParser().push(Buffer.concat(this.sent.map((d) => Buffer.from(d)))).frames;
  }
  receive(text: string) {
    this.emit('message', Buffer.from(text), false);
  }
}

function make(overrides: Partial<ConnectionOptions> = {}) {
  const ws = new FakeSocket();
  const onClose = vi.fn();
  const conn = new StompConnection(ws as unknown as WebSocket, {
    id: 't-1',
    ip: '127.0.0.1',
    topic: '/topic/messages',
    heartbeatMs: 100,
    connectTimeoutMs: 10_000,
    maxSubscriptions: 10,
    maxFrameBytes: 64 * 1024,
    maxBufferedBytes: 1000,
    logger: silentLogger,
    onClose,
    ...overrides,
  });
  return { ws, conn, onClose };
}

describe('StompConnection', () => {
  it('clears every timer when the socket closes', async () => {
    const { ws, conn, onClose } = make();
    expect(conn.timerCount).toBe(1); // CONNECT timeout
    ws.receive('CONNECT\naccept-version:1.2\nheart-beat:100,100\n\n\0');
    expect(conn.isConnected).toBe(true);
    expect(conn.timerCount).toBe(2); // heart-beat sender + reaper
    ws.emit('close', 1006);
    expect(conn.timerCount).toBe(0);
    expect(onClose).toHaveBeenCalledTimes(1);
    ws.emit('close', 1006);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('delivers only to subscriptions on the destination, with distinct message ids', () => {
    const { ws, conn } = make();
    ws.receive('CONNECT\naccept-version:1.2\n\n\0');
    ws.receive('SUBSCRIBE\nid:a\ndestination:/topic/messages\n\n\0SUBSCRIBE\nid:b\ndestination:/topic/messages\n\n\0');
    conn.deliver(prepareMessage('/topic/messages', '{"eventType":21,"data":[]}'));
    conn.deliver(prepareMessage('/topic/other', '{}'));
    const messages = ws.frames().filter((f) => f.command === 'MESSAGE');
    expect(messages.map((m) => m.headers.subscription)).toEqual(['a', 'b']);
    expect(new Set(messages.map((m) => m.headers['message-id'])).size).toBe(2);
    expect(messages[0]!.body.toString()).toBe('{"eventType":21,"data":[]}');
  });

  it('does not deliver before CONNECT', () => {
    const { ws, conn } = make();
    conn.deliver(prepareMessage('/topic/messages', '{}'));
    expect(ws.sent).toEqual([]);
  });

  it('drops a client that cannot keep up', async () => {
    const { ws, conn, onClose } = make();
    ws.receive('CONNECT\naccept-version:1.2\n\n\0SUBSCRIBE\nid:a\ndestination:/topic/messages\n\n\0');
    ws.bufferedAmount = 5000;
    conn.deliver(prepareMessage('/topic/messages', '{}'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ws.frames().some((f) => f.command === 'MESSAGE')).toBe(false);
  });

  it('ignores input after an ERROR', () => {
    const { ws } = make();
    ws.receive('BOGUS\n\n\0');
    ws.receive('CONNECT\naccept-version:1.2\n\n\0');
    expect(ws.frames().map((f) => f.command)).toEqual(['ERROR']);
  });
});
