import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { consoleRoutePatterns, matchWebRoute, playerRoutePatterns } from '@skinfair/contract';
import { routes } from './routes';
import consoleSource from '../features/admin/admin-app.tsx?raw';

/** Every page path the router declares, joined to its parents', without the catch-alls. */
function declaredPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path === undefined ? null : joinPath(parent, route.path);
    const children = route.children ? declaredPaths(route.children, own ?? parent) : [];
    return own === null || own.endsWith('*') ? children : [own, ...children];
  });
}
const joinPath = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** The console's <Route path="…"> entries; it builds its tree in JSX, so they are read from the source. */
function consolePaths(): string[] {
  const paths = [...consoleSource.matchAll(/<Route\s+(index|path="([^"]+)")/g)].map((m) =>
    m[1] === 'index' ? '/admin' : `/admin/${m[2]}`,
  );
  return paths.filter((p) => !p.endsWith('*'));
}

describe('the page paths the server knows (issue 27 §9)', () => {
  it('are exactly the player routes the router declares', () => {
    expect([...new Set(declaredPaths(routes))].sort()).toEqual([...playerRoutePatterns].sort());
  });

  it('are exactly the console routes the console declares', () => {
    expect(consolePaths().sort()).toEqual([...consoleRoutePatterns].sort());
  });

  it('match a path the way the router does, and nothing else', () => {
    expect(matchWebRoute('/battle/create')?.pattern).toBe('/battle/create');
    expect(matchWebRoute('/battle/AB12cd')).toEqual({ pattern: '/battle/:id', params: { id: 'AB12cd' } });
    expect(matchWebRoute('/Home/')?.pattern).toBe('/home');
    expect(matchWebRoute('/admin/boxes/7')?.pattern).toBe('/admin/boxes/:boxId');
    expect(matchWebRoute('/')?.pattern).toBe('/');
    for (const miss of ['/no-such-page', '/battle/1/verify/extra', '/admin/nope', '/api/x']) {
      expect(matchWebRoute(miss), miss).toBeNull();
    }
  });
});
