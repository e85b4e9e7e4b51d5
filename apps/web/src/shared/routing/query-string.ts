import { rememberChannelCode } from '../storage/channel-code';
import type { EntryParams } from '../stores/entry-params-store';

/** Spec §2: parameters read from the address. */
export function readEntryParams(search: string): EntryParams {
  const params = new URLSearchParams(search);
  const value = (key: string) => params.get(key)?.trim() || null;
  return {
    callbackUrl: value('callbackUrl'),
    promoteCode: value('promoteCode'),
    channelCode: value('channelCode'),
  };
}

/** Reads the entry parameters and remembers the channel in localStorage (spec §3). */
export function captureEntryParams(search: string): EntryParams {
  const params = readEntryParams(search);
  rememberChannelCode(params.channelCode);
  return params;
}

export interface AddressPart {
  pathname: string;
  search: string;
}

const isEmpty = (search: string) => search === '' || search === '?';

/**
 * Spec §2: when the route changes and the query string is gone, the previous query string is restored
 * unless the user is logged in. It keeps promotion links (?promoteCode=…) alive while a guest browses
 * until sign-up. Returns the search to put back, or null to leave the address alone.
 */
export function searchToRestore(previous: AddressPart | null, next: AddressPart, loggedIn: boolean): string | null {
  if (loggedIn || !previous) return null;
  if (previous.pathname === next.pathname) return null; // same route: the user cleared it on purpose
  if (!isEmpty(next.search) || isEmpty(previous.search)) return null;
  return previous.search;
}
