import { drandRandomness, QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY, verifyDrandRound } from '@skinfair/fairness';
import type { BeaconProvider, BeaconRound } from './beacon.js';
import { countProviderError, instrumentProvider } from '../metrics/provider-calls.js';

/**
 * Public quicknet relays (HTTP API v1), tried in order. Any relay will do: a round is accepted only when
 * its BLS signature verifies against the pinned key, so a relay can withhold a round but never forge one.
 */
export const QUICKNET_URLS: readonly string[] = [
  `https://api.drand.sh/${QUICKNET_CHAIN_HASH}/public/{round}`,
  `https://drand.cloudflare.com/${QUICKNET_CHAIN_HASH}/public/{round}`,
  `https://api2.drand.sh/${QUICKNET_CHAIN_HASH}/public/{round}`,
];

export type BeaconFailureReason = 'network' | 'status' | 'malformed' | 'wrong-round' | 'bad-signature';

export interface BeaconFailure {
  round: number;
  /** Origin only: a configured relay URL might carry a key in its path or query. */
  origin: string;
  reason: BeaconFailureReason;
  status?: number;
}

export interface DrandBeaconOptions {
  /** URL templates with `{round}`. Default: QUICKNET_URLS. */
  urls?: readonly string[];
  /** Per request, body included. A slow relay only costs this before the next one is tried. */
  timeoutMs?: number;
  /** Default: quicknet's. Tests use the key of TV6's test chain. */
  publicKey?: string;
  /** Every relay that did not give a verified round (for logs and metrics; a 404 is the normal "not yet"). */
  onFailure?: (failure: BeaconFailure) => void;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid-url';
  }
};

export function createDrandBeaconProvider(options: DrandBeaconOptions = {}): BeaconProvider {
  const urls = options.urls ?? QUICKNET_URLS;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const publicKey = options.publicKey ?? QUICKNET_PUBLIC_KEY;
  const report = (failure: BeaconFailure) => {
    // A 404 is the round not published yet, which callers poll through; anything else is the relay failing.
    if (!(failure.reason === 'status' && failure.status === 404)) countProviderError('drand', 'fetchRound');
    options.onFailure?.(failure);
  };

  async function fromRelay(template: string, round: number): Promise<BeaconRound | null> {
    const url = template.replace('{round}', String(round));
    const fail = (reason: BeaconFailureReason, status?: number) => {
      report({ round, origin: originOf(url), reason, ...(status === undefined ? {} : { status }) });
      return null;
    };
    let body: unknown;
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        // Release the connection; the body of an error answer is of no use.
        await res.body?.cancel().catch(() => {});
        return fail('status', res.status);
      }
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        return fail('malformed');
      }
    } catch {
      return fail('network');
    }
    if (typeof body !== 'object' || body === null) return fail('malformed');
    const { round: answered, signature } = body as { round?: unknown; signature?: unknown };
    if (typeof signature !== 'string') return fail('malformed');
    if (answered !== round) return fail('wrong-round');
    const signatureHex = signature.toLowerCase();
    if (!verifyDrandRound(round, signatureHex, publicKey)) return fail('bad-signature');
    // The relay's own "randomness" field is not trusted: it is derived here from the verified signature.
    return { round, randomness: drandRandomness(signatureHex), signature: signatureHex, source: 'drand' };
  }

  return instrumentProvider<BeaconProvider>('drand', {
    source: 'drand',
    async fetchRound(round) {
      if (!Number.isSafeInteger(round) || round < 1) return null;
      for (const template of urls) {
        const found = await fromRelay(template, round);
        if (found) return found;
      }
      return null;
    },
  });
}
