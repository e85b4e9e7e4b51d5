import { encodeParams } from '../api/client';

/**
 * Spec §4: the game-platform (Steam) login is a plain browser navigation to /api/auth/steamLogin with
 * the page to come back to. Linking Steam to an account is not done here: it starts from a logged-in
 * POST (account settings), so a link cannot start it in someone else's browser.
 */
export function steamLoginUrl(params: { callbackUrl: string; promoteCode?: string | null; channelCode?: string | null }): string {
  return `/api/auth/steamLogin?${encodeParams(params).toString()}`;
}

/** Leaves the single-page app for a server path (tests replace it). */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};
