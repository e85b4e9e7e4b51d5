import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, toInt } from '../db/rows.js';
import { buildTestApp } from '../../testing/test-app.js';
import { createPostgresTestDatabase } from '../../testing/test-db.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.js';
import { notifierOf } from '../db/notifications.js';
import { runInTransaction } from '../db/tx.js';
import { revokeOtherSessions, revokeSession } from './sessions.js';
import { SESSION_REVOKED_CHANNEL, SessionCache } from './session-cache.js';

/**
 * Issue 11: a token's session is cached for a few seconds, and a revocation is honoured at once on this
 * node and, through NOTIFY when it commits, on every other node.
 */
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const userInfo = (app: Awaited<ReturnType<typeof buildTestApp>>['app'], token: string) =>
  app.inject({ method: 'GET', url: '/api/personalCenter/userInfo', headers: { token } }).then((r) => r.json() as { status: number });

describe('session cache', () => {
  it('does not store a session read before a revocation was heard, which may have ended it', () => {
    const cache = new SessionCache(60_000);
    try {
      const before = cache.mark();
      cache.evictUser(7); // a revocation arrives while the lookup is at the database
      cache.set('hash-a', { userId: 7, sessionId: 1 }, before);
      expect(cache.get('hash-a')).toBeUndefined();
      cache.set('hash-a', { userId: 7, sessionId: 1 }, cache.mark());
      expect(cache.get('hash-a')).toEqual(expect.objectContaining({ userId: 7, sessionId: 1 }));
      cache.setListening(false); // the listening connection dropped: nothing cached is trusted
      expect(cache.get('hash-a')).toBeUndefined();
    } finally {
      cache.close();
    }
  });

  it('answers a revoked token "not logged in" on the next call of this node, cache or not', async () => {
    const t = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
    cleanups.push(() => t.close());
    const user = await givenUser(t.database.db);
    const [token, other] = [await givenSession(t.database.db, user.id), await givenSession(t.database.db, user.id)];
    expect((await userInfo(t.app, token)).status).toBe(0); // now cached for a minute
    expect((await userInfo(t.app, other)).status).toBe(0);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { token } });
    expect(logout.json()).toMatchObject({ status: 0 });
    expect((await userInfo(t.app, token)).status).toBe(401);
    expect((await userInfo(t.app, other)).status).toBe(0);
    await revokeOtherSessions(t.database.db, user.id);
    expect((await userInfo(t.app, other)).status).toBe(401);
  });

  it('sends the user id on the revocation channel when the revocation commits, and nothing when it rolls back', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const heard: string[] = [];
    const stop = await notifierOf(t.database.db)!.listen(SESSION_REVOKED_CHANNEL, (p) => heard.push(p));
    cleanups.push(stop);
    const [kept, revoked] = [await givenUser(t.database.db), await givenUser(t.database.db)];
    const keptSession = await givenSession(t.database.db, kept.id);
    await givenSession(t.database.db, revoked.id);
    await expect(
      runInTransaction(t.database.db, async ({ tx }) => {
        await revokeOtherSessions(tx, kept.id);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await revokeOtherSessions(t.database.db, revoked.id);
    const started = Date.now();
    while (!heard.includes(String(revoked.id)) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual([String(revoked.id)]);
    expect((await userInfo(t.app, keptSession)).status).toBe(0);
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.runIf(adminUrl)(
    'a session revoked on one node is refused by another node that cached it (PostgreSQL)',
    async () => {
      const { database, url } = await createPostgresTestDatabase(adminUrl!);
      cleanups.push(() => database.close());
      const user = await givenUser(database.db);
      const token = await givenSession(database.db, user.id);
      // The other node caches sessions for a minute: only the revocation's NOTIFY can end this one sooner.
      const node: ServerProcess = await startServerProcess({
        DATABASE_URL: url,
        SEED_DEMO: 'false',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        SESSION_CACHE_MS: '60000',
      });
      cleanups.push(() => node.stop(5_000));
      await node.ready();
      const call = () =>
        fetch(`${node.url}/api/personalCenter/userInfo`, { headers: { token } }).then((r) => r.json() as Promise<{ status: number }>);
      expect((await call()).status).toBe(0);
      expect((await call()).status).toBe(0);
      await revokeOtherSessions(database.db, user.id);
      const started = Date.now();
      let status = 0;
      while (status === 0 && Date.now() - started < 15_000) {
        status = (await call()).status;
        if (status === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);
    },
    120_000,
  );

  it('revokeSession ends only that session', async () => {
    const t = await buildTestApp({ env: { SESSION_CACHE_MS: '60000' } });
    cleanups.push(() => t.close());
    const user = await givenUser(t.database.db);
    const token = await givenSession(t.database.db, user.id);
    const other = await givenSession(t.database.db, user.id);
    expect((await userInfo(t.app, token)).status).toBe(0);
    const [first] = await queryRows<{ id: unknown }>(
      t.database.db,
      sql`SELECT id FROM sessions WHERE user_id = ${user.id} ORDER BY id LIMIT 1`,
    );
    await revokeSession(t.database.db, toInt(first!.id));
    expect((await userInfo(t.app, token)).status).toBe(401);
    expect((await userInfo(t.app, other)).status).toBe(0);
  });
});
