/**
 * Every page path of the web app (spec §2, the console of issue 16), as React Router patterns: a literal
 * segment, or `:name` for one segment of any value. The server answers these with the app's HTML and
 * 200, and every other path without a file extension with the same HTML and 404 (issue 27 §9), so
 * the not-found page still renders for a person while a crawler or a link checker sees the miss.
 * apps/web/src/app/web-routes.test.ts checks this list against the router, so the two cannot drift.
 */
export const playerRoutePatterns = [
  '/',
  '/home',
  '/skin',
  '/box',
  '/box/:id',
  '/giveaways',
  '/giveaways/create',
  '/giveaways/:id',
  '/giveaways/:id/verify',
  '/battle',
  '/battle/create',
  '/battle/create/:id',
  '/battle/:id',
  '/battle/:id/verify',
  '/reverse',
  '/reverse/create',
  '/reverse/create/:id',
  '/reverse/:id',
  '/reverse/:id/verify',
  '/shop',
  '/personal',
  '/personal/flow',
  '/personal/vip',
  '/personal/bag',
  '/personal/virtual',
  '/personal/promo',
  '/personal/transfer',
  '/personal/activity',
  '/personal/protection',
  '/safer-play',
  '/provably-fair',
  '/transparency',
  '/provably-fair/verify',
  '/provably-fair/verify/:id',
  '/docs',
  '/docs/help',
  '/docs/help/:id',
  '/docs/support',
  '/docs/support/:id',
  '/dream',
  '/event',
  '/promotions',
  '/login/steamCallback',
] as const;

/** The operator console's screens (apps/web/src/features/admin/admin-app.tsx), under /admin. */
export const consoleRoutePatterns = [
  '/admin',
  '/admin/login',
  '/admin/password',
  '/admin/operators',
  '/admin/account',
  '/admin/audit',
  '/admin/boxes',
  '/admin/boxes/:boxId',
  '/admin/players',
  '/admin/withdrawals',
  '/admin/deposits',
  '/admin/games',
  '/admin/items',
  '/admin/dashboard',
  '/admin/returns',
  '/admin/promotions',
  '/admin/content',
  '/admin/limits',
] as const;

export type WebRoutePattern = (typeof playerRoutePatterns)[number] | (typeof consoleRoutePatterns)[number];

export interface WebRouteMatch {
  pattern: WebRoutePattern;
  params: Record<string, string>;
}

const allPatterns: readonly WebRoutePattern[] = [...playerRoutePatterns, ...consoleRoutePatterns];
const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');
const compiled = allPatterns.map((pattern) => ({ pattern, segments: segmentsOf(pattern) }));

/**
 * The pattern a path (no query string) renders, as React Router matches it: literal segments ignore
 * case, a trailing slash is dropped, a `:name` segment takes any one non-empty segment. Literal
 * patterns win over `:name` ones (/battle/create is not a battle named "create"). Null when no page
 * has the path. A segment is compared as sent (still %-encoded): no page literal needs encoding.
 */
export function matchWebRoute(pathname: string): WebRouteMatch | null {
  const given = segmentsOf(pathname);
  let best: { match: WebRouteMatch; literals: number } | null = null;
  for (const { pattern, segments } of compiled) {
    if (segments.length !== given.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const fits = segments.every((segment, i) => {
      const value = given[i]!;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = value;
        return true;
      }
      literals += 1;
      return segment.toLowerCase() === value.toLowerCase();
    });
    if (fits && (!best || literals > best.literals)) best = { match: { pattern, params }, literals };
  }
  return best?.match ?? null;
}
