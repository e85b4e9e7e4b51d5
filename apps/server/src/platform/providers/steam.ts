import { instrumentProvider } from '../metrics/provider-calls.js';

/**
 * Steam's OpenID 2.0 provider. Only `check_authentication` goes over the network, and only to the fixed
 * endpoint (security.md); the rest of the protocol is checked by the auth feature.
 */
export interface SteamOpenIdProvider {
  readonly endpoint: string;
  /** Asks the provider whether it really signed these fields (stateless "dumb" mode). */
  checkAuthentication(openidParams: Record<string, string>): Promise<boolean>;
}

export const STEAM_OPENID_ENDPOINT = 'https://steamcommunity.com/openid/login';

export function createSteamOpenIdProvider(endpoint: string, timeoutMs = 10_000): SteamOpenIdProvider {
  return instrumentProvider<SteamOpenIdProvider>('steam-openid', {
    endpoint,
    async checkAuthentication(openidParams) {
      const body = new URLSearchParams({ ...openidParams, 'openid.mode': 'check_authentication' });
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) return false;
      const text = await res.text();
      // Key-value form: one "key:value" per line; the answer must say is_valid:true exactly.
      return text.split('\n').some((line) => line.trim() === 'is_valid:true');
    },
  });
}
