import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';

/** Where the server can be reached from, and who may speak for the client: the public-exposure rules. */

const LOOPBACK_NAMES = new Set(['localhost', 'ip6-localhost', 'ip6-loopback']);

/** True for an address only this machine can reach: 127.0.0.0/8, ::1, ::ffff:127.x, localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (LOOPBACK_NAMES.has(h) || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

/** Proxies add these; a request that went through one did not start on this machine. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A request made on this machine straight to the node: the socket's own peer (not request.ip, which a
 * trusted proxy sets) is loopback and no proxy forwarded it. Behind a proxy on the same machine every
 * visitor arrives from loopback, so the forwarding headers are what tells a visitor from a local tool.
 */
export function isDirectLocalRequest(request: Pick<FastifyRequest, 'raw' | 'headers'>): boolean {
  return isLoopbackHost(request.raw.socket.remoteAddress ?? '') && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/** A PUBLIC_URL whose host is this machine: the sandbox may only be advertised there. */
export function isLocalUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as proxy-addr understands it (the same function Fastify uses): a comma list of addresses,
 * CIDRs or the names loopback / linklocal / uniquelocal. Returns a message when an entry is invalid. A bare
 * hop count is refused on purpose: counting hops trusts whatever the first unknown hop claims.
 */
export function parseTrustedProxies(value: string): string[] | string {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '' && e !== 'false' && e !== '0');
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    if (/^\d+$/.test(entry)) return `"${entry}" is a hop count; list the proxies' addresses or CIDRs instead (e.g. 127.0.0.1,10.0.0.0/8)`;
    try {
      proxyAddr.compile(entry);
    } catch {
      return `"${entry}" is not an address, a CIDR or one of loopback, linklocal, uniquelocal`;
    }
  }
  return entries;
}

/** The trust function for Fastify's `trustProxy` and for WebSocket upgrades: one rule for both. */
export function trustFunction(proxies: readonly string[]): (address: string, hop: number) => boolean {
  if (proxies.length === 0) return () => false;
  return proxyAddr.compile([...proxies]);
}

/**
 * The key a per-address limit counts on: the IPv4 address, or the /64 of an IPv6 address (one
 * subscriber usually holds a whole /64, so per-address limits on IPv6 would be free to dodge).
 */
export function addressKey(ip: string): string {
  const plain = ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (!net.isIPv6(plain)) return plain;
  return `${expandIpv6(plain).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms other than the mapped one) counts as two groups.
  const last = right.length ? right[right.length - 1] : left[left.length - 1];
  if (last && net.isIPv4(last)) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (right.length) right.splice(right.length - 1, 1, ...groups);
    else left.splice(left.length - 1, 1, ...groups);
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g || '0', 16).toString(16));
}
