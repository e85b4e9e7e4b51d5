import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/test-app.js';
import { call } from './testing/auth-helpers.js';
import { expectBooksBalanced, givenSession, givenUser } from './testing/factories.js';

/** Issue 10 §3: one player's flood of money calls is refused early; other players are served. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MONEY_CALLS_PER_USER_PER_SECOND: '1', MONEY_CALLS_IN_FLIGHT_PER_USER: '1' } });
});
afterAll(async () => t?.close());

const open = (token: string) => call(t.app, 'POST', '/api/case/openCase', { caseId: 3, number: 1 }, token);

describe('per-token limit on API calls', () => {
  it('refuses a flood under one token before looking the session up, and serves another token', async () => {
    const limited = await buildTestApp({ env: { TOKEN_CALLS_PER_SECOND: '2' } });
    try {
      const a = await givenSession(limited.database.db, (await givenUser(limited.database.db)).id);
      const b = await givenSession(limited.database.db, (await givenUser(limited.database.db)).id);
      const info = (token: string) => call(limited.app, 'GET', '/api/personalCenter/userInfo', {}, token);
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 8; i++) statuses.push((await info(a)).status);
      // The burst (twice 2/s) plus what refilled meanwhile, however slow this machine is.
      const allowed = 4 + 2 * Math.ceil((Date.now() - started) / 1000);
      expect(statuses.filter((s) => s === 0).length).toBeLessThanOrEqual(Math.min(allowed, 7));
      expect(statuses.every((s) => s === 0 || s === 1004)).toBe(true);
      expect((await info(b)).status).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('per-player limits on money calls', () => {
  it('refuses a flood of concurrent money calls from one player with a Chinese message, and serves another player', async () => {
    const flooder = await givenSession(t.database.db, (await givenUser(t.database.db, { coinsFen: 100_000_000 })).id);
    const other = await givenSession(t.database.db, (await givenUser(t.database.db, { coinsFen: 100_000_000 })).id);
    const started = Date.now();
    const answers = await Promise.all([...Array.from({ length: 12 }, () => open(flooder)), open(other)]);
    const mine = answers.slice(0, 12);
    // At most the burst (twice 1/s) plus what refilled while they ran got through (however slow this
    // machine is); the rest were refused before touching the database.
    const allowed = 2 + Math.ceil((Date.now() - started) / 1000);
    expect(mine.filter((a) => a.status === 0).length).toBeLessThanOrEqual(Math.min(allowed, 11));
    expect(mine.filter((a) => a.status !== 0).every((a) => a.status === 1004 && a.msg === '操作过于频繁，请稍后再试')).toBe(true);
    expect(answers[12]!.status).toBe(0);
    await expectBooksBalanced(t.database.db);
  });

  it('limits the rate of one player even one call at a time, whatever address it comes from', async () => {
    const token = await givenSession(t.database.db, (await givenUser(t.database.db, { coinsFen: 100_000_000 })).id);
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 14; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/case/openCase',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'caseId=3&number=1',
      });
      statuses.push(res.json().status);
    }
    // A burst of twice the per-second rate, then refusals until tokens come back.
    const allowed = 2 + Math.ceil((Date.now() - started) / 1000);
    expect(statuses.filter((s) => s === 0).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 0).length).toBeLessThanOrEqual(Math.min(allowed, 13));
    expect(statuses.every((s) => s === 0 || s === 1004)).toBe(true);
  });
});
