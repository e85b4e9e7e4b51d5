/** Incremental STOMP 1.2 frame parser: bytes in, whole frames out. */
import { FrameError, isUnescapedCommand, unescapeHeader, type Frame, type Headers } from './frame.js';

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMAND = /^[A-Z]+$/;

export interface ParserOptions {
  /** Largest frame (or pending partial frame) accepted, in bytes. */
  maxFrameBytes?: number;
  /** Most headers accepted in one frame. */
  maxHeaders?: number;
}

export interface ParseResult {
  frames: Frame[];
  /** End-of-line heart-beats seen between frames. */
  heartbeats: number;
}

/**
 * Feed chunks with push(); each call returns the frames completed so far. Frames may span chunks and a
 * chunk may hold several frames. Throws FrameError on malformed input (the parser is then unusable).
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);
  private readonly maxFrameBytes: number;
  private readonly maxHeaders: number;

  constructor(options: ParserOptions = {}) {
    this.maxFrameBytes = options.maxFrameBytes ?? 64 * 1024;
    this.maxHeaders = options.maxHeaders ?? 64;
  }

  push(chunk: Buffer | string): ParseResult {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buf = this.buf.length === 0 ? bytes : Buffer.concat([this.buf, bytes]);
    const frames: Frame[] = [];
    let heartbeats = 0;
    for (;;) {
      // Heart-beats / EOLs between frames.
      let i = 0;
      while (i < this.buf.length) {
        if (this.buf[i] === LF) {
          heartbeats++;
          i++;
        } else if (this.buf[i] === CR && i + 1 < this.buf.length && this.buf[i + 1] === LF) {
          heartbeats++;
          i += 2;
        } else break;
      }
      if (i > 0) this.buf = this.buf.subarray(i);
      if (this.buf.length === 0) break;
      const frame = this.tryFrame();
      if (!frame) break;
      frames.push(frame);
    }
    if (this.buf.length > this.maxFrameBytes) throw new FrameError('frame too large');
    return { frames, heartbeats };
  }

  /** Parse one frame from the start of the buffer, or return undefined if it is not complete yet. */
  private tryFrame(): Frame | undefined {
    const buf = this.buf;
    // Find the blank line that ends the headers.
    let pos = 0;
    const lines: string[] = [];
    for (;;) {
      const lf = buf.indexOf(LF, pos);
      if (lf === -1) {
        if (buf.indexOf(NUL, pos) !== -1) throw new FrameError('malformed frame');
        return undefined;
      }
      const end = lf > pos && buf[lf - 1] === CR ? lf - 1 : lf;
      const line = buf.toString('utf8', pos, end);
      if (line.includes('\0')) throw new FrameError('malformed frame');
      pos = lf + 1;
      if (line === '') break;
      lines.push(line);
      if (lines.length > this.maxHeaders + 1) throw new FrameError('too many headers');
    }
    const command = lines[0];
    if (command === undefined) throw new FrameError('missing command');
    if (!COMMAND.test(command)) throw new FrameError('invalid command');
    const escaped = !isUnescapedCommand(command);
    const headers: Headers = Object.create(null) as Headers;
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError('malformed header');
      const rawName = line.slice(0, colon);
      const rawValue = line.slice(colon + 1);
      const name = escaped ? unescapeHeader(rawName) : rawName;
      const value = escaped ? unescapeHeader(rawValue) : rawValue;
      // Repeated headers: the first one wins.
      if (!Object.prototype.hasOwnProperty.call(headers, name)) headers[name] = value;
    }
    let body: Buffer;
    const lengthHeader = headers['content-length'];
    if (lengthHeader !== undefined) {
      if (!/^\d{1,9}$/.test(lengthHeader)) throw new FrameError('invalid content-length');
      const length = Number(lengthHeader);
      if (length > this.maxFrameBytes) throw new FrameError('frame too large');
      if (buf.length < pos + length + 1) return undefined;
      if (buf[pos + length] !== NUL) throw new FrameError('missing NUL after body');
      body = Buffer.from(buf.subarray(pos, pos + length));
      this.buf = buf.subarray(pos + length + 1);
    } else {
      const nul = buf.indexOf(NUL, pos);
      if (nul === -1) return undefined;
      body = Buffer.from(buf.subarray(pos, nul));
      this.buf = buf.subarray(nul + 1);
    }
    return { command, headers, body };
  }
}
