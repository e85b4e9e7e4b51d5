import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createPostgresTestDatabase, usingPostgres } from '../../testing/test-db.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { pgbouncerInstalled, startPgBouncer, type PgBouncer } from '../../testing/pgbouncer.js';
import { openDatabase, type Database } from './client.js';
import { queryRows, toInt } from './rows.js';

/**
 * The app through Debian's PgBouncer 1.18 in transaction mode (issue 26 §5, decisions/0059): that version
 * keeps no prepared statement across transactions and refuses startup parameters it does not know, so
 * DATABASE_POOLER=transaction sends unnamed statements and no guards (the role carries them), and keeps
 * LISTEN and the migration lock on DATABASE_DIRECT_URL. `scripts/pgbouncer-check.sh` installs PgBouncer
 * and runs this file.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const skipReason = !usingPostgres()
  ? 'needs PostgreSQL (TEST_DATABASE_URL)'
  : !pgbouncerInstalled()
    ? 'needs /usr/sbin/pgbouncer (apt-get install pgbouncer, or bash scripts/pgbouncer-check.sh)'
    : null;
if (skipReason) console.info(`pgbouncer.test.ts skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('the app through PgBouncer in transaction mode', () => {
  let base: Database;
  let directUrl: string;
  let bouncer: PgBouncer;
  let pooled: Database;
  let t: TestApp;
  beforeAll(async () => {
    const created = await createPostgresTestDatabase(adminUrl!);
    base = created.database;
    directUrl = created.url;
    // docs/DEPLOY.md: behind a transaction pooler the role carries the guards, set once per database.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin
      .query(
        `ALTER ROLE CURRENT_USER IN DATABASE ${created.name} SET statement_timeout = '15s';` +
          `ALTER ROLE CURRENT_USER IN DATABASE ${created.name} SET lock_timeout = '5s';` +
          `ALTER ROLE CURRENT_USER IN DATABASE ${created.name} SET idle_in_transaction_session_timeout = '30s'`,
      )
      .finally(() => admin.end());
    bouncer = await startPgBouncer(directUrl, { serverPool: 4 });
    pooled = await openDatabase({
      databaseUrl: bouncer.through(directUrl),
      pooler: 'transaction',
      directUrl,
      poolSize: 20,
      guards: { statementTimeoutMs: 15_000, lockTimeoutMs: 5_000, idleInTransactionTimeoutMs: 30_000 },
    });
    t = await buildTestApp({ database: pooled });
  });
  afterAll(async () => {
    await t?.close();
    await pooled?.close();
    await bouncer?.stop();
    await base?.close();
  });

  const show = async (name: string) => (await queryRows<Record<string, string>>(pooled.db, sql.raw(`SHOW ${name}`)))[0]?.[name];

  it('migrates over the direct connection, and the role’s guards apply to every pooled connection', async () => {
    await pooled.migrate();
    expect([await show('statement_timeout'), await show('lock_timeout'), await show('idle_in_transaction_session_timeout')]).toEqual([
      '15s',
      '5s',
      '30s',
    ]);
  });

  it('refuses the guards as startup parameters: why the pooler mode sends none', async () => {
    const err = await openDatabase({
      databaseUrl: bouncer.through(directUrl),
      poolSize: 1,
      guards: { statementTimeoutMs: 15_000, lockTimeoutMs: 0, idleInTransactionTimeoutMs: 0 },
    }).then(
      async (db) => {
        await db.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(String(err)).toMatch(/unsupported startup parameter/);
  });

  it('runs openings, purchases and battles from many players at once through it', async () => {
    const price = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data.openPrice as number;
    const [stock] = await queryRows<{ id: unknown; price_fen: unknown }>(
      pooled.db,
      sql`SELECT id, price_fen FROM shop_stock WHERE enabled AND stock >= 20 AND price_fen > 100 AND price_fen < 100000 ORDER BY id LIMIT 1`,
    );
    const stockPrice = toInt(stock!.price_fen);
    const PLAYERS = 8;
    const OPENINGS = 4;
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, async () => {
        const user = await givenUser(pooled.db, { coinsFen: price * (OPENINGS + 2) + stockPrice });
        return { id: user.id, token: await givenSession(pooled.db, user.id) };
      }),
    );
    const answers = await Promise.all(
      players.flatMap((p, i) => [
        ...Array.from({ length: OPENINGS }, () => call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 1 }, p.token)),
        call(t.app, 'POST', '/api/shop/buy', { id: toInt(stock!.id) }, p.token),
        // Each player opens a room for two; the next player takes the second seat once it exists.
        call(t.app, 'POST', '/api/battle/create', { boxLists: '1', countCustomer: 2 }, p.token).then(async (room) => {
          const joiner = players[(i + 1) % PLAYERS]!;
          return [room, await call(t.app, 'POST', '/api/battle/joinBattle', { battleCode: room.data?.battleCode }, joiner.token)];
        }),
      ]),
    );
    // Each player can pay for all of it: every call succeeds, none meets a prepared statement it lacks.
    const failed = answers.flat().filter((a) => a.status !== 0);
    expect(failed).toEqual([]);
    const [rolls] = await queryRows<{ n: unknown }>(
      base.db,
      sql`SELECT count(*) AS n FROM rolls WHERE user_id IN (${sql.join(
        players.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    );
    expect(toInt(rolls!.n)).toBeGreaterThanOrEqual(PLAYERS * OPENINGS);
    await expectBooksBalanced(base.db);
  });

  it('keeps LISTEN on a connection of its own (DATABASE_DIRECT_URL), where the session outlives a transaction', async () => {
    const user = await givenUser(pooled.db);
    const token = await givenSession(pooled.db, user.id);
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).status).toBe(0);
    const listening = await queryRows<{ n: unknown }>(
      base.db,
      sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'skinfair-listen' AND query ILIKE 'LISTEN%'`,
    );
    expect(toInt(listening[0]?.n)).toBeGreaterThanOrEqual(1);
  });
});
