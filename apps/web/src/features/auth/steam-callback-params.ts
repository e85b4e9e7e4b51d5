import { errorCatalogue, isErrorCode, sameSitePath, type ErrorCode } from '@skinfair/contract';

/** Spec §2 /login/steamCallback: query `params` is a JSON object with redirectUrl, promoteCode, channelCode. */
export interface SteamCallbackParams {
  redirectUrl: string | null;
  promoteCode: string | null;
  channelCode: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Malformed JSON is treated as "no parameters" rather than an error page. */
export function parseSteamCallbackParams(search: string): SteamCallbackParams {
  const raw = new URLSearchParams(search).get('params');
  let json: unknown = null;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    console.warn('[auth] steamCallback params is not JSON');
  }
  const obj = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  return {
    redirectUrl: text(obj.redirectUrl),
    promoteCode: text(obj.promoteCode),
    channelCode: text(obj.channelCode),
  };
}

/**
 * A path on this site to go to after a login, or null: the server's rule (issue 24 §7, `sameSitePath`),
 * so "/\t/evil.com", "/\\evil.com" or "/.//evil.com" never bounce a player elsewhere.
 */
export function sitePath(url: string | null, origin: string = window.location.origin): string | null {
  return sameSitePath(url, origin);
}

/** Only same-site paths are followed after login, so the callback cannot bounce users elsewhere. */
export function safeRedirect(url: string | null, origin: string = window.location.origin): string {
  return sitePath(url, origin) ?? '/home';
}

/**
 * Issue 24 §6: `?error=` carries a catalogue code, and only the catalogue's words are shown. Anything else
 * (text, an unknown code, a success code) is reported as "unknown" so the page shows its own generic line.
 */
export function callbackErrorCode(value: string): ErrorCode | 'unknown' {
  return isErrorCode(value) && errorCatalogue[value].status !== 0 ? value : 'unknown';
}
