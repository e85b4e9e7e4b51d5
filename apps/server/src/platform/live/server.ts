/** Attach the STOMP-over-WebSocket live endpoint to an HTTP server's `upgrade` event. */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { live } from '@skinfair/contract';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientIp, IpLimiter, type TrustProxy } from './client-ip.js';
import { CloseCode, StompConnection } from './connection.js';
import { prepareMessage, type PreparedMessage } from './frame.js';
import { FanOut } from './fan-out.js';
import type { LiveHub } from './hub.js';
import type { LiveLogger } from './logger.js';

export interface LiveServerOptions {
  /** URL path of the endpoint. Default '/ws'. */
  path?: string;
  /** Heart-beat offered in both directions, ms. Default 10000. 0 disables heart-beats. */
  heartbeatMs?: number;
  /** Open sockets allowed per client IP. Default 50. */
  maxConnectionsPerIp?: number;
  /** A socket that has not sent CONNECT within this is closed. Default 10000. */
  connectTimeoutMs?: number;
  /** Subscriptions allowed per connection. Default 10. */
  maxSubscriptions?: number;
  /** Largest WebSocket message accepted, bytes. Default 64 KiB. */
  maxPayload?: number;
  /** Which peers are proxies whose X-Forwarded-For is believed (the HTTP API's rule). Default: none. */
  trustProxy?: TrustProxy;
  /** Connections sent a message before the event loop gets a turn. Default 500. */
  fanOutSlice?: number;
  logger: LiveLogger;
}

export interface LiveServer {
  /** Stop accepting, close every client socket cleanly and detach from the HTTP server. */
  close(): Promise<void>;
  /** Open WebSocket connections on this server. */
  connectionCount(): number;
}

export const LIVE_DEFAULTS = {
  heartbeatMs: 10_000,
  fanOutSlice: 500,
  maxConnectionsPerIp: 50,
  connectTimeoutMs: 10_000,
  maxSubscriptions: 10,
  maxPayload: 64 * 1024,
  /** A client with this much unsent data is dropped as too slow. */
  maxBufferedBytes: 1024 * 1024,
  /** How long close() waits for clients to finish the closing handshake. */
  closeGraceMs: 2_000,
} as const;

/** Subprotocols clients may ask for, best first (stompjs offers all three). */
const PROTOCOL_PREFERENCE = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

function reject(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function requestPath(req: IncomingMessage): string | undefined {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

export function attachLiveServer(server: Server, hub: LiveHub, options: LiveServerOptions): LiveServer {
  const { logger } = options;
  const path = options.path ?? live.path;
  const heartbeatMs = options.heartbeatMs ?? LIVE_DEFAULTS.heartbeatMs;
  const connectTimeoutMs = options.connectTimeoutMs ?? LIVE_DEFAULTS.connectTimeoutMs;
  const maxSubscriptions = options.maxSubscriptions ?? LIVE_DEFAULTS.maxSubscriptions;
  const maxPayload = options.maxPayload ?? LIVE_DEFAULTS.maxPayload;
  const trustProxy: TrustProxy = options.trustProxy ?? (() => false);
  const limiter = new IpLimiter(options.maxConnectionsPerIp ?? LIVE_DEFAULTS.maxConnectionsPerIp);

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload,
    perMessageDeflate: false,
    clientTracking: false,
    handleProtocols: (protocols) => PROTOCOL_PREFERENCE.find((p) => protocols.has(p)) ?? false,
  });
  const connections = new Set<StompConnection>();
  const fanOut = new FanOut<StompConnection, PreparedMessage>(
    (conn, message) => conn.deliver(message),
    options.fanOutSlice ?? LIVE_DEFAULTS.fanOutSlice,
  );
  let nextId = 0;
  let closing = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', (err) => logger.debug({ err }, 'live upgrade socket error'));
    if (requestPath(req) !== path) return reject(socket, 404, 'Not Found');
    if (closing) return reject(socket, 503, 'Service Unavailable');
    const ip = clientIp(req, trustProxy);
    const release = limiter.acquire(ip);
    if (!release) {
      logger.warn({ ip }, 'live connection refused: per-IP cap reached');
      return reject(socket, 429, 'Too Many Requests');
    }
    // The slot is held by the TCP socket: released however it ends (failed handshake included).
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      if (closing) {
        ws.close(1001, 'server shutting down');
        return;
      }
      const conn = new StompConnection(ws, {
        id: `${hub.nodeId.slice(0, 8)}-${(++nextId).toString(36)}`,
        ip,
        topic: live.topic,
        heartbeatMs,
        connectTimeoutMs,
        maxSubscriptions,
        maxFrameBytes: maxPayload,
        maxBufferedBytes: LIVE_DEFAULTS.maxBufferedBytes,
        logger,
        onClose: (c) => connections.delete(c),
      });
      connections.add(conn);
    });
  };
  server.on('upgrade', onUpgrade);

  const unsubscribe = hub.subscribe((msg) => {
    if (connections.size === 0) return;
    // Serialised and encoded once per publish; each connection only adds its own headers (frame.ts).
    let message: PreparedMessage;
    try {
      message = prepareMessage(live.topic, JSON.stringify({ eventType: msg.eventType, data: msg.data }));
    } catch (err) {
      logger.error({ err, eventType: msg.eventType }, 'live message not serialisable');
      return;
    }
    fanOut.publish(message, connections);
  });
  const removeSource = hub.addConnectionSource(() => connections.size);

  return {
    connectionCount: () => connections.size,
    async close() {
      if (closing) return;
      closing = true;
      server.off('upgrade', onUpgrade);
      unsubscribe();
      removeSource();
      const pending = [...connections];
      // The reconnect hint: 1012 tells clients the service restarts, so they come back (to another node).
      for (const conn of pending) conn.close(CloseCode.SERVICE_RESTART, 'server restarting, reconnect');
      const deadline = Date.now() + LIVE_DEFAULTS.closeGraceMs;
      while (connections.size > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      for (const conn of connections) conn.terminate();
      const hardDeadline = Date.now() + 500;
      while (connections.size > 0 && Date.now() < hardDeadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
