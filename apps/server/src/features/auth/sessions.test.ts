import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, PASSWORD, registerUser } from '../../testing/auth-helpers.js';
import { queryRows } from '../../platform/db/rows.js';

/** Issue 9 §12: sessions end when unused for SESSION_IDLE_DAYS; last_seen_at is kept, at most one write a minute. */
let t: TestApp;
beforeAll(async () => {
  // These tests move last_seen_at and expiry behind the server's back: no session cache between their calls.
  t = await buildTestApp({ env: { SESSION_IDLE_DAYS: '7', SESSION_TTL_DAYS: '30', SESSION_CACHE_MS: '0' } });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/personalCenter/userInfo', headers: { token } })).statusCode;

async function newSession() {
  const { mobile } = await registerUser(t.app, db());
  const res = await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD });
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`SELECT id FROM sessions WHERE user_id = ${res.data.userId} ORDER BY id DESC LIMIT 1`,
  );
  return { token: res.data.token as string, sessionId: Number(row!.id) };
}

const setLastSeen = (sessionId: number, ago: string) =>
  db().execute(sql`UPDATE sessions SET last_seen_at = now() - ${ago}::interval WHERE id = ${sessionId}`);
const lastSeenAgoS = async (sessionId: number) => {
  const [row] = await queryRows<{ s: number | string }>(
    db(),
    sql`SELECT extract(epoch FROM now() - last_seen_at) AS s FROM sessions WHERE id = ${sessionId}`,
  );
  return Number(row!.s);
};

describe('session idle timeout', () => {
  it('a session unused for more than 7 days has ended; one unused for 6 days goes on and is marked seen', async () => {
    const idle = await newSession();
    await setLastSeen(idle.sessionId, '8 days');
    expect(await me(idle.token)).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/sessions', {}, idle.token)).status).toBe(401);

    const used = await newSession();
    await setLastSeen(used.sessionId, '6 days');
    expect(await me(used.token)).toBe(200);
    expect(await lastSeenAgoS(used.sessionId)).toBeLessThan(3600);
  });

  it('the absolute lifetime still ends a session that is used every day', async () => {
    const s = await newSession();
    await db().execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${s.sessionId}`);
    expect(await me(s.token)).toBe(401);
  });

  it('takes the idle timeout from SESSION_IDLE_DAYS', async () => {
    const s = await newSession();
    const [row] = await queryRows<{ idle: number; ttl_days: number | string }>(
      db(),
      sql`SELECT idle_timeout_s AS idle, extract(day FROM expires_at - created_at) AS ttl_days FROM sessions WHERE id = ${s.sessionId}`,
    );
    expect(Number(row!.idle)).toBe(7 * 86_400);
    expect(Number(row!.ttl_days)).toBeGreaterThanOrEqual(29);
  });
});

describe('last_seen_at', () => {
  it('is written when older than a minute, and not again within the minute', async () => {
    const s = await newSession();
    await setLastSeen(s.sessionId, '30 seconds');
    expect(await me(s.token)).toBe(200);
    expect(await lastSeenAgoS(s.sessionId)).toBeGreaterThanOrEqual(29);

    await setLastSeen(s.sessionId, '2 minutes');
    expect(await me(s.token)).toBe(200);
    expect(await lastSeenAgoS(s.sessionId)).toBeLessThan(60);
  });

  it('is what the session list shows', async () => {
    const s = await newSession();
    await setLastSeen(s.sessionId, '3 days');
    const list = (await call(t.app, 'GET', '/api/auth/sessions', {}, s.token)).data as Array<{ id: number; lastSeenTime: string }>;
    const mine = list.find((x) => x.id === s.sessionId)!;
    expect(Date.now() - Date.parse(mine.lastSeenTime)).toBeLessThan(3_600_000);
  });
});
