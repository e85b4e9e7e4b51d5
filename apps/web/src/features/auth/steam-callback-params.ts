import { errorCatalogue, isErrorCode, type ErrorCode } from '@skinfair/contract';

/** Spec §2 /login/steamCallback: query `params` is a JSON object with redirectUrl, promoteCode, channelCode. */
export interface SteamCallbackParams {
  redirectUrl: string | null;
  promoteCode: string | null;
  channelCode: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

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

/** Only same-site paths are followed after login, so the callback cannot bounce users elsewhere. */
export function safeRedirect(url: string | null): string {
  return url && url.startsWith('/') && !url.startsWith('//') ? url : '/home';
}

/**
 * Issue 24 §6: `?error=` carries a catalogue code, and only the catalogue's words are shown. Anything else
 * (text, an unknown code, a success code) is reported as "unknown" so the page shows its own generic line.
 */
export function callbackErrorCode(value: string): ErrorCode | 'unknown' {
  return isErrorCode(value) && errorCatalogue[value].status !== 0 ? value : 'unknown';
}
