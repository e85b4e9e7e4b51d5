/** Who is on the other end of an upgrade request, and how many sockets each address holds. */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { addressKey } from '../http/exposure.js';

export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The key of the client's address, by the same rule as the HTTP API (Fastify uses proxy-addr too):
 * X-Forwarded-For entries are believed only while the hop they came through is a trusted proxy, and
 * IPv6 clients count per /64.
 */
export function clientIp(req: IncomingMessage, trust: TrustProxy): string {
  if (!req.socket.remoteAddress) return 'unknown';
  return addressKey(proxyAddr(req, trust));
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
