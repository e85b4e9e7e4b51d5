/**
 * Query keys of the event feature. The list carries the locale (titles and rules come in the asked
 * language) and whether a player is logged in (progress is theirs), so a login or a language switch
 * fetches a fresh list instead of showing the guest's.
 */
export const eventKeys = {
  all: ['event'] as const,
  list: (locale: string, loggedIn: boolean) => ['event', 'list', { locale, loggedIn }] as const,
  leaderboard: (eventId: number) => ['event', 'leaderboard', eventId] as const,
};
