import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginParams, adminPermissions, errorStatus, INTEGER_MAX, rolePermissions } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenUser } from '../../testing/factories.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { checkRoute, nominalOf, type BoundsRoute, type Params } from '../../testing/route-bounds.js';
import type { ConsoleRouteInfo } from '../../platform/http/route.js';

/**
 * Issue 10 §7 for the operator console: route-bounds.test.ts sweeps `app.apiRoutes`, which leaves the
 * /api/admin/* routes out (decisions/0032), so this sweeps every console route (`apiRoute` with `operator`, listed in `app.consoleRoutes`), called
 * by an operator who has passed two-factor and whose role holds every permission, so each call gets past
 * the guards to its parameters and its service.
 */

/**
 * Values the sweep's own guesses cannot find, so that the other fields' edges get past the schema's
 * checks across fields to the service: one sweep per entry. A route not listed is swept once, from its
 * guesses alone; the first test checks every route's nominal values pass its schema.
 */
const NOMINAL: Record<string, Params[]> = {
  'POST /api/admin/games/giveaways/create': [{ openTime: '2030-01-01T00:00:00Z' }],
  'POST /api/admin/games/bots/update': [{ nickname: 'bot-name' }],
  'POST /api/admin/content/banners/create': [{ url: '/cases' }],
  'POST /api/admin/content/banners/update': [{ url: '/cases' }],
  'POST /api/admin/content/events/update': [{ startsAt: '2026-01-01T00:00:00Z' }],
  // Exactly one of pasted text or a file's bytes.
  'POST /api/admin/items/importPreview': [{ content: 'name,price\nAK-47 | 红线,100' }],
  'POST /api/admin/settings/support': [{ email: 'support@skinfair.cn', chatUrl: 'https://chat.skinfair.cn/' }],
  'POST /api/admin/promotions/defaultInvitation': [{ invitationCode: 'SKIN2026' }],
  // Each reward type takes exactly its own fields, so each gets its own sweep.
  'POST /api/admin/promotions/goldenCodes/create': [
    { rewardType: 'coin', amountFen: '100' },
    { rewardType: 'item', itemId: '1' },
    { rewardType: 'box', boxId: '1' },
    { rewardType: 'coupon', couponType: '0', discountBp: '100', maxDiscountFen: '100' },
  ],
};

/** Routes that may end their caller's session or take its admin role (see the sweep below). */
const ENDS_CALLER = new Set([
  'POST /api/admin/logout',
  'POST /api/admin/operators/role',
  'POST /api/admin/operators/disabled',
  'POST /api/admin/operators/resetTotp',
  'POST /api/admin/account/sessions/end',
]);

const sweeps = (route: ConsoleRouteInfo): Array<{ route: BoundsRoute; nominal: Params }> =>
  (NOMINAL[`${route.method} ${route.url}`] ?? [{}]).map((overrides) => {
    const bounds = { methods: [route.method], url: route.url, params: route.params };
    return { route: bounds, nominal: nominalOf(bounds, overrides) };
  });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('every console route survives values at and past its parameters’ bounds (issue 10 §7)', () => {
  it('the sweeping operator’s role holds every permission, and every route’s nominal values pass its schema', () => {
    expect([...rolePermissions.admin].sort()).toEqual([...adminPermissions].sort());
    const refused = [...t.app.consoleRoutes.values()].flatMap((route) =>
      sweeps(route).flatMap(({ nominal }) => {
        const given = Object.fromEntries(Object.entries(nominal).filter(([, v]) => v !== undefined));
        const parsed = route.params.safeParse(given);
        return parsed.success
          ? []
          : [
              `${route.method} ${route.url} ${JSON.stringify(given)}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
            ];
      }),
    );
    expect(refused).toEqual([]);
    // A renamed route would otherwise drop out of these lists unnoticed.
    for (const key of [...ENDS_CALLER, ...Object.keys(NOMINAL)]) expect(t.app.consoleRoutes.has(key), key).toBe(true);
  });

  it('answers every console route’s edge and random parameters without an internal error, and the books balance', async () => {
    const db = t.database.db;
    // Rows for the nominal id 1 (and a few past it) to find: players with money, so balance, freeze and
    // session calls reach their service instead of stopping at "not found".
    for (let i = 0; i < 3; i++) await givenUser(db, { coinsFen: 10_000_000, pointsFen: 1_000_000, secondaryFen: 1_000_000 });
    const routes = [...t.app.consoleRoutes.values()];
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const lostSession: string[] = [];
    let index = 0;
    for (const route of routes) {
      // Each route gets its own operator and session, so no route can starve the next.
      let operator = await givenOperator(t.app, db, 'admin');
      const live = async () => {
        const me = await adminCall(t.app, 'GET', '/api/admin/me', {}, { adminToken: operator.token });
        return me.status === 0 && me.data.role === 'admin';
      };
      // These end or demote their caller when the id swept is the caller's own (small ids come often):
      // the caller is checked before each call and replaced by a new admin once it is no longer one.
      const endsCaller = ENDS_CALLER.has(`${route.method} ${route.url}`);
      const headers = endsCaller
        ? async () => {
            if (!(await live())) operator = await givenOperator(t.app, db, 'admin');
            return { 'admin-token': operator.token };
          }
        : { 'admin-token': operator.token };
      for (const sweep of sweeps(route))
        failures.push(
          ...(await checkRoute(t.app, sweep.route, headers, { seed: 20_251_125 + index++, numRuns: 15, nominal: sweep.nominal })),
        );
      if (!endsCaller && !(await live())) lostSession.push(`${route.method} ${route.url}`);
    }
    // Login is the one console call outside the operator gate (it runs before any session exists).
    failures.push(
      ...(await checkRoute(
        t.app,
        { methods: ['POST'], url: '/api/admin/login', params: adminLoginParams },
        {},
        { seed: 20_251_124, numRuns: 15 },
      )),
    );
    expect(failures).toEqual([]);
    // A route that ends its own caller's session partway would have swept the rest as a guest.
    expect(lostSession).toEqual([]);
    await expectBooksBalanced(db);
  }, 600_000);

  it('refuses a notice or banner id past the integer column with a parameter error', async () => {
    const { token } = await givenOperator(t.app, t.database.db, 'admin');
    const fields = { title: '标题', alt: '说明', body: '内容', url: '/cases' };
    for (const url of ['/api/admin/content/notices/update', '/api/admin/content/banners/update']) {
      const answer = await adminCall(t.app, 'POST', url, { ...fields, id: INTEGER_MAX + 1 }, { adminToken: token });
      expect({ url, status: answer.status }).toEqual({ url, status: errorStatus('PARAM_INVALID') });
      expect(answer.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
