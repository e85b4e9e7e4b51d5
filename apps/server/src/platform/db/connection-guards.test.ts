import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { errorCatalogue } from '@skinfair/contract';
import { createPostgresTestDatabase, usingPostgres } from '../../testing/test-db.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseBusy, pgErrorCode } from './pg-errors.js';
import { queryRows } from './rows.js';
import { unguardedSettings, withStatementTimeout } from './guards.js';

/**
 * The connection guards (issue 26 §6, decisions/0059) are PostgreSQL startup parameters: PGlite has one
 * connection and no pool, so this file runs on PostgreSQL only.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const GUARDS = { statementTimeoutMs: 300, lockTimeoutMs: 200, idleInTransactionTimeoutMs: 5_000 };

describe.skipIf(!usingPostgres())('connection guards on PostgreSQL', () => {
  let base: Database;
  let url: string;
  let guarded: Database;
  let t: TestApp;
  beforeAll(async () => {
    const created = await createPostgresTestDatabase(adminUrl!);
    base = created.database;
    url = created.url;
    guarded = await openDatabase({ databaseUrl: url, poolSize: 4, guards: GUARDS });
    t = await buildTestApp({ database: guarded });
  });
  afterAll(async () => {
    await t?.close();
    await guarded?.close();
    await base?.close();
  });

  const show = async (db: Database['db'], name: string) =>
    (await queryRows<Record<string, string>>(db, sql.raw(`SHOW ${name}`)))[0]?.[name];

  it('sets the three timeouts on every pooled connection', async () => {
    // Several at once, so more than one connection of the pool answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => [
        await show(guarded.db, 'statement_timeout'),
        await show(guarded.db, 'lock_timeout'),
        await show(guarded.db, 'idle_in_transaction_session_timeout'),
      ]),
    );
    for (const a of answers) expect(a).toEqual(['300ms', '200ms', '5s']);
    // Without guards the pool keeps the server's own settings.
    expect(await show(base.db, 'statement_timeout')).toBe('0');
  });

  it('names the guards a connection runs without, which a node behind a transaction pooler warns of at start', async () => {
    expect(await unguardedSettings(guarded.db)).toEqual([]);
    expect(await unguardedSettings(base.db)).toEqual(['idle_in_transaction_session_timeout', 'lock_timeout', 'statement_timeout']);
  });

  it('cancels a statement that runs past statement_timeout, as "busy" rather than an internal error', async () => {
    const err = await guarded.db.execute(sql`SELECT pg_sleep(3)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(err)).toBe('57014');
    expect(isDatabaseBusy(err)).toBe(true);
    // The connection is fine afterwards: the next statement on the pool runs.
    expect(await show(guarded.db, 'statement_timeout')).toBe('300ms');
  });

  it('lets a long reader lift the statement timeout for its own transaction only', async () => {
    await withStatementTimeout(guarded.db, 0, (tx) => tx.execute(sql`SELECT pg_sleep(0.5)`));
    expect(await show(guarded.db, 'statement_timeout')).toBe('300ms');
  });

  it('fails a second writer behind a held row lock after lock_timeout, and the player gets "busy, retry"', async () => {
    const price = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data.openPrice as number;
    const user = await givenUser(guarded.db, { coinsFen: price * 2 });
    const token = await givenSession(guarded.db, user.id);
    // A stuck transaction elsewhere (an operator's session, a hung node) holds the player's account rows.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM ledger_accounts WHERE user_id = $1 FOR UPDATE`, [user.id]);
      const blocked = await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 1 }, token);
      expect(blocked).toEqual({ status: errorCatalogue.DB_UNAVAILABLE.status, msg: '服务暂时不可用，请稍后再试', data: null });
      // A direct write behind the same lock fails with lock_not_available.
      const err = await guarded.db.execute(sql`UPDATE ledger_accounts SET updated_at = now() WHERE user_id = ${user.id}`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorCode(err)).toBe('55P03');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    // Once the lock is gone the same call goes through, and nothing half-done was left behind.
    const retried = await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 1 }, token);
    expect(retried.status).toBe(0);
    expect(retried.data.balance).toBe(price);
    await expectBooksBalanced(guarded.db);
  });

  it('answers a statement timeout on a public read with the busy envelope, not INTERNAL', async () => {
    // Something holding the feed's table exclusively (a migration, a VACUUM FULL) makes the read wait.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE live_drops IN ACCESS EXCLUSIVE MODE');
      const res = await call(t.app, 'GET', '/api/stat/lastDrop', { limit: 5 });
      expect(res).toEqual({ status: errorCatalogue.DB_UNAVAILABLE.status, msg: '服务暂时不可用，请稍后再试', data: null });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  });

  it('ends a transaction left idle past idle_in_transaction_session_timeout, releasing its locks', async () => {
    const idle = await openDatabase({ databaseUrl: url, poolSize: 1, guards: { ...GUARDS, idleInTransactionTimeoutMs: 200 } });
    try {
      const err = await idle.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1 FROM ledger_accounts LIMIT 1 FOR UPDATE`);
          await new Promise((r) => setTimeout(r, 1_000));
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).not.toBeNull();
      // The pool drops the terminated connection and serves the next query on a fresh one.
      expect(await show(idle.db, 'idle_in_transaction_session_timeout')).toBe('200ms');
    } finally {
      await idle.close();
    }
  });
});
