/** Shared helpers for the live-channel tests. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IMessage, type IFrame, type StompConfig } from '@stomp/stompjs';
import { WebSocket, type ClientOptions } from 'ws';
import type { Frame } from './frame.js';
import { createLiveHub, type LiveHub } from './hub.js';
import { silentLogger } from './logger.js';
import { FrameParser } from './parser.js';
import { attachLiveServer, type LiveServer, type LiveServerOptions } from './server.js';

/** Poll until `fn` returns truthy (or throw after `timeoutMs`). */
export async function waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface TestNode {
  http: Server;
  hub: LiveHub;
  live: LiveServer;
  url: string;
  port: number;
  stop(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];

/** Run every registered cleanup (call from afterEach). */
export async function cleanupAll(): Promise<void> {
  const fns = cleanups.splice(0).reverse();
  for (const fn of fns) await fn().catch(() => {});
}

export async function startNode(opts: Partial<LiveServerOptions> = {}, hub?: LiveHub): Promise<TestNode> {
  const http = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const theHub = hub ?? createLiveHub({ logger: silentLogger });
  const live = attachLiveServer(http, theHub, { logger: silentLogger, ...opts });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await live.close();
    if (!hub) await theHub.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  };
  cleanups.push(stop);
  return { http, hub: theHub, live, url: `ws://127.0.0.1:${port}/ws`, port, stop };
}

/** A @stomp/stompjs client with a record of what happened to it. */
export interface StompProbe {
  client: Client;
  errors: IFrame[];
  closes: number[];
  debug: string[];
  connected: Promise<void>;
}

export function stompClient(url: string, config: StompConfig = {}): StompProbe {
  const errors: IFrame[] = [];
  const closes: number[] = [];
  const debug: string[] = [];
  let onConnected!: () => void;
  const connected = new Promise<void>((r) => (onConnected = r));
  const client = new Client({
    webSocketFactory: () => new WebSocket(url),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: (m) => debug.push(m),
    onConnect: () => onConnected(),
    onStompError: (f) => errors.push(f),
    onWebSocketClose: (e) => closes.push(e.code),
    ...config,
  });
  client.activate();
  cleanups.push(() => client.deactivate({ force: true }));
  return { client, errors, closes, debug, connected };
}

let receiptSeq = 0;

/** Subscribe and resolve once the server has confirmed the subscription with a RECEIPT. */
export async function subscribeConfirmed(
  client: Client,
  destination: string,
  onMessage: (m: IMessage) => void,
): Promise<{ id: string; unsubscribe: () => Promise<void> }> {
  const receipt = `sub-${++receiptSeq}`;
  const got = new Promise<void>((r) => client.watchForReceipt(receipt, () => r()));
  const sub = client.subscribe(destination, onMessage, { receipt });
  await got;
  return {
    id: sub.id,
    unsubscribe: async () => {
      const r2 = `unsub-${++receiptSeq}`;
      const done = new Promise<void>((r) => client.watchForReceipt(r2, () => r()));
      sub.unsubscribe({ receipt: r2 });
      await done;
    },
  };
}

/** A bare `ws` socket that records parsed server frames, heart-beats and the close code. */
export class RawClient {
  readonly frames: Frame[] = [];
  heartbeats = 0;
  closeCode: number | undefined;
  unexpectedStatus: number | undefined;
  opened = false;
  private readonly parser = new FrameParser({ maxFrameBytes: 1024 * 1024 });

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const r = this.parser.push(data);
      this.frames.push(...r.frames);
      this.heartbeats += r.heartbeats;
    });
    ws.on('close', (code) => (this.closeCode = code));
    ws.on('error', () => {});
    ws.on('unexpected-response', (_req, res) => {
      this.unexpectedStatus = res.statusCode;
      this.closeCode = -1;
      ws.terminate();
    });
    ws.on('open', () => (this.opened = true));
    cleanups.push(async () => ws.terminate());
  }

  /** Open and wait for the handshake to finish (or fail: check `unexpectedStatus`). */
  static async open(url: string, options: ClientOptions = {}): Promise<RawClient> {
    const c = new RawClient(new WebSocket(url, ['v12.stomp'], options));
    await waitFor(() => c.opened || c.closeCode !== undefined, 5000, 'ws open');
    return c;
  }

  send(text: string | Buffer): void {
    this.ws.send(text);
  }

  async connect(heartBeat = '0,0'): Promise<Frame> {
    this.send(`CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:${heartBeat}\n\n\0`);
    return this.waitFrame('CONNECTED');
  }

  async waitFrame(command: string, timeoutMs = 5000): Promise<Frame> {
    return waitFor(() => this.frames.find((f) => f.command === command), timeoutMs, `${command} frame`);
  }

  async waitClosed(timeoutMs = 5000): Promise<number> {
    return waitFor(() => this.closeCode, timeoutMs, 'socket close');
  }
}
