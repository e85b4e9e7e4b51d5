/** STOMP 1.2 frames: the shape, header escaping and serialisation. */

export type Headers = Record<string, string>;

export interface Frame {
  command: string;
  headers: Headers;
  /** Raw body octets (empty for most frames). */
  body: Buffer;
}

/** A frame that breaks the protocol; its message is short and safe to put in an ERROR header. */
export class FrameError extends Error {
  override readonly name = 'FrameError';
}

/** CONNECT and CONNECTED headers are never escaped (STOMP 1.2 §Value Encoding). */
export const isUnescapedCommand = (command: string): boolean => command === 'CONNECT' || command === 'CONNECTED';

export function escapeHeader(value: string): string {
  return value.replace(/[\\\n:\r]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '\n':
        return '\\n';
      case ':':
        return '\\c';
      default:
        return '\\r';
    }
  });
}

/** Undo STOMP 1.2 escaping; an undefined escape sequence is a protocol error. */
export function unescapeHeader(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.?)/gs, (_, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      case 'r':
        return '\r';
      default:
        throw new FrameError('invalid header escape');
    }
  });
}

export interface OutgoingFrame {
  command: string;
  headers?: Headers;
  body?: string;
}

/**
 * Serialise a frame to text (we only ever send text bodies). A body gets a content-length header.
 * Headers whose value is undefined are skipped.
 */
export function serializeFrame(frame: OutgoingFrame): string {
  const escape = !isUnescapedCommand(frame.command);
  const body = frame.body ?? '';
  const headers: Headers = { ...frame.headers };
  if (body.length > 0) headers['content-length'] = String(Buffer.byteLength(body, 'utf8'));
  let out = frame.command + '\n';
  for (const [name, value] of Object.entries(headers)) {
    out += escape ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  }
  return out + '\n' + body + '\0';
}

/**
 * One published MESSAGE, encoded once for all its subscribers. STOMP wants a `subscription` and a
 * `message-id` header per subscriber, so a frame is the subscription's own head (cached when it
 * subscribes, see messageHead), its message sequence number, and this tail shared by everyone: the
 * headers after message-id and the body, already UTF-8. The bytes are those serializeFrame would give
 * for the same headers in the same order; fan-out to thousands of sockets then costs a copy per socket
 * instead of a serialisation, header escaping and UTF-8 encoding per socket.
 */
export interface PreparedMessage {
  readonly destination: string;
  readonly tail: Buffer;
}

export function prepareMessage(destination: string, body: string, contentType = 'application/json'): PreparedMessage {
  let text = `\ndestination:${escapeHeader(destination)}\ncontent-type:${escapeHeader(contentType)}\n`;
  if (body.length > 0) text += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return { destination, tail: Buffer.from(`${text}\n${body}\0`, 'utf8') };
}

/** The start of a subscription's MESSAGE frames, up to the message-id's sequence number. */
export function messageHead(subscriptionId: string, messageIdPrefix: string): Buffer {
  return Buffer.from(`MESSAGE\nsubscription:${escapeHeader(subscriptionId)}\nmessage-id:${escapeHeader(messageIdPrefix)}`, 'utf8');
}

/** head + decimal seq + tail in one buffer (a small one comes from Node's shared pool). */
export function completeMessage(head: Buffer, seq: number, tail: Buffer): Buffer {
  const digits = String(seq);
  const out = Buffer.allocUnsafe(head.length + digits.length + tail.length);
  out.set(head, 0);
  out.write(digits, head.length, 'latin1');
  out.set(tail, head.length + digits.length);
  return out;
}

/** The heart-beat "frame": a single end-of-line. */
export const HEARTBEAT = '\n';
