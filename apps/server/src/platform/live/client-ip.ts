/** Who is on the other end of an upgrade request, and how many sockets each address holds. */
import type { IncomingMessage } from 'node:http';

const normalize = (ip: string): string => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

/**
 * The client address. Behind a trusted proxy (one hop) it is the right-most X-Forwarded-For entry, the
 * one our proxy appended; left-hand entries are client-supplied and not trusted.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header[header.length - 1] : header;
    const last = value?.split(',').pop()?.trim();
    if (last) return normalize(last);
  }
  return normalize(req.socket.remoteAddress ?? 'unknown');
}

/** Counts open connections per IP and refuses beyond the cap. */
export class IpLimiter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Reserve a slot; returns a release function (idempotent), or undefined when the IP is at its cap. */
  acquire(ip: string): (() => void) | undefined {
    const n = this.counts.get(ip) ?? 0;
    if (n >= this.max) return undefined;
    this.counts.set(ip, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(ip) ?? 1) - 1;
      if (left <= 0) this.counts.delete(ip);
      else this.counts.set(ip, left);
    };
  }

  count(ip: string): number {
    return this.counts.get(ip) ?? 0;
  }
}
