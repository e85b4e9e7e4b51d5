import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPostgresTestDatabase, createTestDatabase, usingPostgres } from '../../testing/test-db.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { openDatabase, type Database } from './client.js';
import { pgErrorCode } from './pg-errors.js';
import { queryRows, toInt } from './rows.js';

/**
 * The read pool (issue 26 §4, decisions/0059). A test cannot easily make a standby, so DATABASE_READ_URL
 * is a second, read-only way into the same test database: its connections carry their own
 * application_name and refuse writes, and the pool counts its checkouts, so a test sees which calls used it.
 */
describe('without a read URL', () => {
  it('reads from the primary (and PGlite has no read pool at all)', async () => {
    const database = await createTestDatabase();
    try {
      expect(database.readPool).toBeUndefined();
      expect(database.reads()).toBe(database.db);
    } finally {
      await database.close();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
const readOnly = (url: string) => {
  const u = new URL(url);
  u.searchParams.set('options', '-c default_transaction_read_only=on');
  return u.toString();
};

describe.skipIf(!usingPostgres())('with DATABASE_READ_URL', () => {
  let base: Database;
  let url: string;
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    const created = await createPostgresTestDatabase(adminUrl!);
    base = created.database;
    url = created.url;
    database = await openDatabase({ databaseUrl: url, poolSize: 5, read: { url: readOnly(url), maxLagMs: 5_000, checkMs: 200 } });
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await base?.close();
  });

  const readCheckouts = () => database.readPool!.checkouts();

  it('measures the lag (none on a primary) and serves reads from the read pool while within the bound', () => {
    expect(database.readPool!.lagMs()).toBe(0);
    expect(database.reads()).toBe(database.readPool!.db);
  });

  it('shows the lag and where reads go in the metrics', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^skinfair_db_read_lag_seconds 0$/m);
    expect(text).toMatch(/^skinfair_db_read_on_standby 1$/m);
  });

  it('answers the public read-heavy calls from the read pool', async () => {
    const publicCalls: Array<[string, Record<string, unknown>]> = [
      ['/api/transparency/games', { window: '30d' }],
      ['/api/transparency/boxes', { window: '30d' }],
      ['/api/stat/lastDrop', {}],
      ['/api/stat/homepage', {}],
      ['/api/common/getBoxThemeList', {}],
      ['/api/case/caseDetail', { caseId: 1 }],
      ['/api/case/recentCaseGift', { caseId: 1 }],
      ['/api/skin/page', {}],
      ['/api/battle/rank', {}],
      ['/api/battle/highlight', {}],
    ];
    for (const [path, params] of publicCalls) {
      const before = readCheckouts();
      const res = await call(t.app, 'GET', path, params);
      expect({ path, status: res.status }).toEqual({ path, status: 0 });
      expect({ path, usedReadPool: readCheckouts() > before }).toEqual({ path, usedReadPool: true });
    }
    // The database's own view: the read pool's connections are there, under their own name.
    const [row] = await queryRows<{ n: unknown }>(
      base.db,
      sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'skinfair-read'`,
    );
    expect(toInt(row?.n)).toBeGreaterThanOrEqual(1);
  });

  it('never sends a money path there', async () => {
    const price = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data.openPrice as number;
    const [a, b] = [await givenUser(database.db, { coinsFen: price * 4 }), await givenUser(database.db, { coinsFen: price * 4 })];
    const [ta, tb] = [await givenSession(database.db, a.id), await givenSession(database.db, b.id)];
    const before = readCheckouts();
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 2 }, ta)).status).toBe(0);
    const room = await call(t.app, 'POST', '/api/battle/create', { boxLists: '1', countCustomer: 2 }, ta);
    expect(room.status).toBe(0);
    expect((await call(t.app, 'POST', '/api/battle/joinBattle', { battleCode: room.data.battleCode }, tb)).status).toBe(0);
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, ta)).status).toBe(0);
    expect(readCheckouts()).toBe(before);
  });

  it('cannot write through the read URL (it is a standby in production; read-only here)', async () => {
    const err = await database.readPool!.db.execute(sql`UPDATE users SET nickname = nickname WHERE id = 0`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(err)).toBe('25006');
  });

  it('falls back to the primary while the standby cannot be asked', async () => {
    const dead = new URL(url);
    dead.port = '1'; // nothing listens there
    const unreachable = await openDatabase({
      databaseUrl: url,
      poolSize: 2,
      read: { url: dead.toString(), maxLagMs: 5_000, checkMs: 200 },
    });
    try {
      expect(unreachable.readPool!.lagMs()).toBeNull();
      expect(unreachable.readPool!.fresh()).toBe(false);
      expect(unreachable.reads()).toBe(unreachable.db);
    } finally {
      await unreachable.close();
    }
  });
});
