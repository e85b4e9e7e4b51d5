/** One STOMP session over one WebSocket: protocol state, subscriptions, heart-beats and timers. */
import { WebSocket, type RawData } from 'ws';
import {
  completeMessage,
  FrameError,
  HEARTBEAT,
  messageHead,
  serializeFrame,
  type Frame,
  type Headers,
  type PreparedMessage,
} from './frame.js';
import { formatHeartBeat, negotiateHeartBeat, parseHeartBeat } from './heartbeat.js';
import type { LiveLogger } from './logger.js';
import { FrameParser } from './parser.js';

export interface ConnectionOptions {
  id: string;
  ip: string;
  /** The one destination clients may subscribe to. */
  topic: string;
  /** Server heart-beat offer in both directions (0 disables heart-beats). */
  heartbeatMs: number;
  connectTimeoutMs: number;
  maxSubscriptions: number;
  maxFrameBytes: number;
  /** A client this far behind on reading is dropped. */
  maxBufferedBytes: number;
  logger: LiveLogger;
  onClose: (conn: StompConnection) => void;
}

export const SUPPORTED_VERSIONS = ['1.2', '1.1'] as const;

/** WebSocket close codes used by the server. */
export const CloseCode = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  PROTOCOL_ERROR: 1002,
  POLICY_VIOLATION: 1008,
  /** RFC 6455 registry: "Service Restart" — the client should reconnect (to another node) shortly. */
  SERVICE_RESTART: 1012,
} as const;

type State = 'awaiting-connect' | 'connected' | 'closed';

interface Subscription {
  destination: string;
  /** This subscription's MESSAGE head, built once (see PreparedMessage). */
  head: Buffer;
}

/** Frames go out as text; the options object is shared rather than made per send. */
const TEXT = { binary: false } as const;

const toBuffer = (data: RawData): Buffer => (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data));

export class StompConnection {
  private state: State = 'awaiting-connect';
  private readonly parser: FrameParser;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private lastReceived = Date.now();
  private messageSeq = 0;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly opts: ConnectionOptions,
  ) {
    this.parser = new FrameParser({ maxFrameBytes: opts.maxFrameBytes });
    ws.on('message', (data) => this.onData(toBuffer(data)));
    ws.on('pong', () => {
      this.lastReceived = Date.now();
    });
    ws.on('error', (err) => {
      // e.g. payload over maxPayload (ws then closes with 1009) or a reset socket.
      opts.logger.debug({ err, conn: opts.id, ip: opts.ip }, 'live socket error');
    });
    ws.on('close', (code) => this.onClosed(code));
    this.addTimeout(() => {
      if (this.state === 'awaiting-connect') this.fail('CONNECT timeout');
    }, opts.connectTimeoutMs);
  }

  get id(): string {
    return this.opts.id;
  }

  get ip(): string {
    return this.opts.ip;
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  /**
   * Send `message` to every subscription of this connection on its destination, each frame with the
   * subscription's id and a message-id of its own. This runs once per socket per publish: no
   * serialisation, logging or closures here beyond the slow-client exit.
   */
  deliver(message: PreparedMessage): void {
    if (this.state !== 'connected' || this.ws.readyState !== WebSocket.OPEN) return;
    for (const sub of this.subscriptions.values()) {
      if (sub.destination !== message.destination) continue;
      if (this.ws.bufferedAmount > this.opts.maxBufferedBytes) {
        this.opts.logger.warn({ conn: this.opts.id, ip: this.opts.ip }, 'live client too slow, dropping');
        this.terminate();
        return;
      }
      this.ws.send(completeMessage(sub.head, ++this.messageSeq, message.tail), TEXT);
    }
  }

  /** Close cleanly (server shutdown). */
  close(code: number = CloseCode.GOING_AWAY, reason = 'server shutting down'): void {
    this.state = 'closed';
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, reason);
    }
  }

  /** Drop the socket without a closing handshake (dead or hopeless peers). */
  terminate(): void {
    this.state = 'closed';
    this.ws.terminate();
  }

  // ---- incoming ---------------------------------------------------------------------------------

  private onData(data: Buffer): void {
    this.lastReceived = Date.now();
    if (this.state === 'closed') return;
    let frames: Frame[];
    try {
      frames = this.parser.push(data).frames;
    } catch (err) {
      this.fail(err instanceof FrameError ? err.message : 'malformed frame');
      return;
    }
    for (const frame of frames) {
      if (this.isClosed()) return;
      try {
        this.handle(frame);
      } catch (err) {
        if (err instanceof FrameError) this.fail(err.message, frame.headers.receipt);
        else {
          this.opts.logger.error({ err, conn: this.opts.id }, 'live frame handler failed');
          this.fail('internal error');
        }
      }
    }
  }

  private handle(frame: Frame): void {
    const { command } = frame;
    if (command !== 'SEND' && frame.body.length > 0) throw new FrameError(`${command} must not have a body`);
    if (this.state === 'awaiting-connect') {
      if (command === 'CONNECT' || command === 'STOMP') return this.onConnect(frame);
      throw new FrameError('expected CONNECT');
    }
    switch (command) {
      case 'SUBSCRIBE':
        return this.onSubscribe(frame);
      case 'UNSUBSCRIBE':
        return this.onUnsubscribe(frame);
      case 'DISCONNECT':
        return this.onDisconnect(frame);
      case 'SEND':
        throw new FrameError('clients may not send');
      case 'ACK':
      case 'NACK':
        throw new FrameError('acknowledgement not supported');
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new FrameError('transactions not supported');
      case 'CONNECT':
      case 'STOMP':
        throw new FrameError('already connected');
      default:
        throw new FrameError('unknown command');
    }
  }

  private onConnect(frame: Frame): void {
    const offered = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => offered.includes(v));
    if (!version) {
      this.fail('unsupported protocol version', undefined, { version: SUPPORTED_VERSIONS.join(',') });
      return;
    }
    const client = parseHeartBeat(frame.headers['heart-beat']);
    const hb = negotiateHeartBeat(client, { send: this.opts.heartbeatMs, receive: this.opts.heartbeatMs });
    this.state = 'connected';
    this.clearTimers();
    this.send({
      command: 'CONNECTED',
      headers: { version, 'heart-beat': formatHeartBeat(hb), server: 'Skinfair', session: this.opts.id },
    });
    this.startHeartBeats(hb.outgoing, hb.incoming);
    this.opts.logger.debug({ conn: this.opts.id, ip: this.opts.ip, version, hb }, 'live client connected');
  }

  private onSubscribe(frame: Frame): void {
    const { id, destination } = frame.headers;
    if (!id) throw new FrameError('missing id header');
    if (!destination) throw new FrameError('missing destination header');
    if (destination !== this.opts.topic) throw new FrameError('unknown destination');
    const ack = frame.headers.ack ?? 'auto';
    if (ack !== 'auto') throw new FrameError('only ack:auto is supported');
    if (this.subscriptions.has(id)) throw new FrameError('duplicate subscription id');
    if (this.subscriptions.size >= this.opts.maxSubscriptions) throw new FrameError('too many subscriptions');
    this.subscriptions.set(id, { destination, head: messageHead(id, `${this.opts.id}-`) });
    this.receipt(frame);
  }

  private onUnsubscribe(frame: Frame): void {
    const { id } = frame.headers;
    if (!id) throw new FrameError('missing id header');
    this.subscriptions.delete(id);
    this.receipt(frame);
  }

  private onDisconnect(frame: Frame): void {
    this.receipt(frame);
    this.subscriptions.clear();
    this.close(CloseCode.NORMAL, 'disconnect');
  }

  // ---- outgoing ---------------------------------------------------------------------------------

  private receipt(frame: Frame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send({ command: 'RECEIPT', headers: { 'receipt-id': receipt } });
  }

  private send(frame: { command: string; headers?: Headers; body?: string }): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(serializeFrame(frame));
  }

  /** Send an ERROR frame with a short message, then close the connection. */
  private fail(message: string, receiptId?: string, extra: Headers = {}): void {
    if (this.state === 'closed') return;
    this.opts.logger.debug({ conn: this.opts.id, ip: this.opts.ip, message }, 'live protocol error');
    const headers: Headers = { ...extra, message, 'content-type': 'text/plain' };
    if (receiptId !== undefined) headers['receipt-id'] = receiptId;
    this.send({ command: 'ERROR', headers, body: message });
    this.close(CloseCode.PROTOCOL_ERROR, 'protocol error');
  }

  // ---- heart-beats and timers -------------------------------------------------------------------

  private startHeartBeats(outgoing: number, incoming: number): void {
    if (outgoing > 0) {
      this.addInterval(() => {
        if (this.ws.readyState === WebSocket.OPEN) this.ws.send(HEARTBEAT);
      }, outgoing);
    }
    // Reap when nothing arrived for twice the interval. A client that does not heart-beat at all is
    // still checked with WebSocket pings, so dead sockets never linger.
    const interval = incoming > 0 ? incoming : this.opts.heartbeatMs;
    if (interval <= 0) return;
    const usePing = incoming === 0;
    this.lastReceived = Date.now();
    this.addInterval(() => {
      if (Date.now() - this.lastReceived > 2 * interval) {
        this.opts.logger.debug({ conn: this.opts.id, ip: this.opts.ip }, 'live client missed heart-beats, reaping');
        this.terminate();
      } else if (usePing && this.ws.readyState === WebSocket.OPEN) {
        this.ws.ping();
      }
    }, interval);
  }

  private addTimeout(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private addInterval(fn: () => void, ms: number): void {
    this.timers.add(setInterval(fn, ms));
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Number of live timers (for tests: all must be gone after close). */
  get timerCount(): number {
    return this.timers.size;
  }

  private onClosed(code: number): void {
    if (this.closed) return;
    this.closed = true;
    this.state = 'closed';
    this.clearTimers();
    this.subscriptions.clear();
    this.opts.logger.debug({ conn: this.opts.id, ip: this.opts.ip, code }, 'live client closed');
    this.opts.onClose(this);
  }
}
