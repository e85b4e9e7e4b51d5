import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { intParam } from '@skinfair/contract';
import { buildTestApp, type TestApp } from './testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from './testing/factories.js';
import { checkRoute, INTEGER } from './testing/route-bounds.js';
import { createPlatformServer } from './platform/http/server.js';
import { apiRoute } from './platform/http/route.js';

/**
 * Issue 10 §7: no parameter value a route's own schema lets through may end in an internal error.
 * Every registered API route is read from `app.apiRoutes` and swept by testing/route-bounds.ts; the
 * operator console's routes have their own sweep (features/admin/admin-route-bounds.test.ts).
 */

describe('every route survives values at and past its parameters’ bounds (issue 10 §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('answers every route’s edge and random parameters without an internal error, and the books balance', async () => {
    const failures: string[] = [];
    let index = 0;
    for (const route of t.app.apiRoutes) {
      // Each route gets its own player with money, so a route that logs out or spends cannot starve the next.
      const user = await givenUser(t.database.db, { coinsFen: 10_000_000, pointsFen: 1_000_000, secondaryFen: 1_000_000 });
      const token = await givenSession(t.database.db, user.id);
      failures.push(...(await checkRoute(t.app, route, { token }, { seed: 20_250_610 + index++, numRuns: 15 })));
    }
    expect(failures).toEqual([]);
    await expectBooksBalanced(t.database.db);
  }, 240_000);

  it('the payment webhook answers an id outside the channel column like an unknown channel', async () => {
    for (const channelId of ['12345678901234567890', '2147483648', '-2147483649', 'abc', '1.5', '0x1', '0', '-1', '99999']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/callback/${channelId}`,
        headers: { 'content-type': 'application/json', 'x-timestamp': '1', 'x-signature': 'x' },
        payload: '{}',
      });
      expect({ channelId, code: res.statusCode, text: res.body }).toEqual({ channelId, code: 401, text: 'fail: signature' });
    }
  });
});

describe('the bounds check itself', () => {
  it('catches a database error from a value the schema let through', async () => {
    const t = await buildTestApp();
    const app = await createPlatformServer({ db: t.database.db, logLevel: 'silent', trustProxy: [], rateLimitPerMinute: 100_000 });
    const db = t.database.db;
    // The schema allows any integer filter; the column it meets is a smallint.
    apiRoute(app, {
      method: 'GET',
      url: '/api/probe',
      params: z.object({ couponType: intParam(-1, INTEGER).default(-1) }),
      response: z.object({ couponType: z.number() }),
      handler: async ({ params }) => {
        await db.execute(sql`SELECT ${params.couponType}::smallint`);
        return { couponType: params.couponType };
      },
    });
    await app.ready();
    try {
      const [route] = app.apiRoutes;
      const failures = await checkRoute(app, route!, { token: 'no-token' }, { seed: 1, numRuns: 5 });
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/internal error \(1000\)/);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
