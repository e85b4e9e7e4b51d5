import { bytesToHex, hmacSha256 } from './hash.js';
import { ROLL_SPACE } from './encodings.js';

/** One u32 read from the stream, and whether uniformInt kept it (a verifier shows every step). */
export interface U32Step {
  block: number;
  offset: number;
  value: number;
  accepted: boolean;
}

/**
 * PF v1 §3: block(c) = HMAC-SHA256(key = serverSeed as UTF-8 text, msg = prefix + ":" + c); the stream is
 * block(0) ‖ block(1) ‖ … read as big-endian u32s.
 */
export class ByteStream {
  private blockIndex = -1;
  private bytes = new Uint8Array(0);
  private offset = 32;
  readonly steps: U32Step[] = [];
  readonly blocks: string[] = [];

  constructor(
    private readonly key: string,
    readonly prefix: string,
  ) {}

  nextU32(): number {
    if (this.offset >= 32) {
      this.blockIndex++;
      this.bytes = hmacSha256(this.key, `${this.prefix}:${this.blockIndex}`);
      this.blocks.push(bytesToHex(this.bytes));
      this.offset = 0;
    }
    const b = this.bytes;
    const o = this.offset;
    this.offset += 4;
    const value = ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
    this.steps.push({ block: this.blockIndex, offset: o, value, accepted: false });
    return value;
  }
}

/** Rejection sampling: exactly uniform on 0..n-1 (W7), for 1 ≤ n ≤ 2^32. */
export function uniformInt(stream: ByteStream, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`uniformInt(${n})`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const u = stream.nextU32();
    if (u < limit) {
      stream.steps[stream.steps.length - 1]!.accepted = true;
      return u % n;
    }
  }
}

/** rollCode in 1..100000. */
export const rollCode = (stream: ByteStream) => uniformInt(stream, ROLL_SPACE) + 1;
