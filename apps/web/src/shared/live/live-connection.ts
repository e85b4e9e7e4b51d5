import { Client, type IMessage } from '@stomp/stompjs';
import { limits, live } from '@skinfair/contract';
import { createReconnectPolicy, type ReconnectPolicy } from './reconnect-policy';

/** The parts of a STOMP client the connection uses; tests pass a fake. */
export interface StompLike {
  activate: () => void;
  deactivate: () => Promise<void> | void;
  subscribe: (destination: string, callback: (message: IMessage) => void) => unknown;
  readonly connected: boolean;
}

export interface StompCallbacks {
  onConnect: () => void;
  onWebSocketClose: () => void;
}

export type StompFactory = (callbacks: StompCallbacks) => StompLike;

export function liveSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${live.path}`;
}

/**
 * STOMP 1.2 over the native WebSocket, heartbeat 10 s both ways (spec §7). stompjs' own reconnect is
 * switched off (reconnectDelay 0): its 7.x modes are fixed or exponential without jitter, so a node's
 * clients would all come back in the same instant; LiveConnection schedules the jittered delay itself.
 */
export const defaultStompFactory: StompFactory = (callbacks) =>
  new Client({
    brokerURL: liveSocketUrl(),
    heartbeatIncoming: limits.heartbeatMs,
    heartbeatOutgoing: limits.heartbeatMs,
    reconnectDelay: 0,
    onConnect: callbacks.onConnect,
    onWebSocketClose: callbacks.onWebSocketClose,
    onStompError: (frame) => console.error('[live] STOMP error', frame.headers.message),
  });

export interface LiveConnectionOptions {
  onBody: (body: string) => void;
  /** After each (re)subscription: what was published while the socket was down is fetched again. */
  onSubscribed?: () => void;
  factory?: StompFactory;
  policy?: ReconnectPolicy;
}

export interface LiveConnection {
  start: () => void;
  stop: () => void;
  /** Spec §4: when the tab becomes visible and the socket is inactive, it is reactivated. */
  wake: () => void;
  readonly wanted: boolean;
  readonly connected: boolean;
}

export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const factory = options.factory ?? defaultStompFactory;
  const policy = options.policy ?? createReconnectPolicy();
  let wanted = false;
  let client: StompLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const dispose = () => {
    const old = client;
    client = null;
    if (old) void old.deactivate();
  };

  function open(): void {
    clearTimer();
    dispose();
    const current: StompLike = factory({
      onConnect: () => {
        if (client !== current) return;
        policy.reset(); // a successful connect restarts the sequence at its shortest ceiling
        current.subscribe(live.topic, (message) => options.onBody(message.body));
        options.onSubscribed?.();
      },
      onWebSocketClose: () => {
        if (client !== current || !wanted) return;
        timer = setTimeout(open, policy.nextDelayMs());
      },
    });
    client = current;
    current.activate();
  }

  return {
    start() {
      if (wanted) return;
      wanted = true;
      open();
    },
    stop() {
      wanted = false;
      clearTimer();
      dispose();
      policy.reset();
    },
    wake() {
      // Inactive = closed and waiting for the next attempt; a socket still opening is left alone.
      if (wanted && (timer !== null || client === null)) open();
    },
    get wanted() {
      return wanted;
    },
    get connected() {
      return client?.connected ?? false;
    },
  };
}
