/** STOMP 1.2 heart-beat header parsing and negotiation. */
import { FrameError } from './frame.js';

export interface HeartBeat {
  /** Smallest interval at which the sender can send heart-beats (0 = cannot). */
  send: number;
  /** Desired interval at which the sender wants to receive heart-beats (0 = does not want). */
  receive: number;
}

const MAX_MS = 24 * 60 * 60 * 1000;

/** Parse "cx,cy". A missing header means "0,0". */
export function parseHeartBeat(value: string | undefined): HeartBeat {
  if (value === undefined) return { send: 0, receive: 0 };
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  if (!m) throw new FrameError('invalid heart-beat header');
  const send = Number(m[1]);
  const receive = Number(m[2]);
  return { send: Math.min(send, MAX_MS), receive: Math.min(receive, MAX_MS) };
}

export interface NegotiatedHeartBeat {
  /** How often the server sends heart-beats to the client (0 = never). */
  outgoing: number;
  /** How often the server expects heart-beats from the client (0 = never). */
  incoming: number;
}

/**
 * Negotiate per STOMP 1.2: client→server beats flow at max(cx, sy) unless either is 0; server→client at
 * max(sx, cy) unless either is 0.
 */
export function negotiateHeartBeat(client: HeartBeat, server: HeartBeat): NegotiatedHeartBeat {
  const incoming = client.send === 0 || server.receive === 0 ? 0 : Math.max(client.send, server.receive);
  const outgoing = server.send === 0 || client.receive === 0 ? 0 : Math.max(server.send, client.receive);
  return { outgoing, incoming };
}

/**
 * The heart-beat header the server answers in CONNECTED: "sx,sy" with the negotiated values, so that a
 * client applying the same max() rule lands on the same intervals.
 */
export const formatHeartBeat = (n: NegotiatedHeartBeat): string => `${n.outgoing},${n.incoming}`;
