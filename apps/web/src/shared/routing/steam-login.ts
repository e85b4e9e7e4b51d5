import { encodeParams } from '../api/client';

/**
 * Spec §4: the game-platform (Steam) login is a plain browser navigation to /api/auth/steamLogin with
 * the page to come back to. With a bindTicket (account settings) it links Steam to the logged-in
 * account instead of logging in.
 */
export function steamLoginUrl(params: {
  callbackUrl: string;
  promoteCode?: string | null;
  channelCode?: string | null;
  bindTicket?: string;
}): string {
  return `/api/auth/steamLogin?${encodeParams(params).toString()}`;
}

/** Leaves the single-page app for a server path (tests replace it). */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};
