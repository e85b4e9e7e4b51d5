import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { runInTransaction } from '../db/tx.js';
import { queryRows, toInt } from '../db/rows.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { createPlatformServer } from './server.js';
import { apiRoute } from './route.js';

/** Issue 10 §2: a key always resolves — its answer commits with its effect, or nothing does. */

let database: Database;
let app: FastifyInstance;
let token: string;

const effects = async () => toInt((await queryRows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM idem_probe`))[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE idem_probe (id serial PRIMARY KEY, note text)`);
  app = await createPlatformServer({
    db: database.db,
    logLevel: 'silent',
    trustProxy: [],
    rateLimitPerMinute: 100_000,
    idempotencyLeaseS: 60,
  });
  const write = (note: string) =>
    runInTransaction(database.db, async ({ tx }) => {
      const [row] = await queryRows<{ id: unknown }>(tx, sql`INSERT INTO idem_probe (note) VALUES (${note}) RETURNING id`);
      return { id: toInt(row?.id) };
    });
  apiRoute(app, {
    method: 'POST',
    url: '/api/test/spend',
    auth: 'required',
    idempotent: { db: database.db },
    params: z.object({ note: z.string() }),
    response: z.object({ id: z.number() }),
    handler: ({ params }) => write(params.note),
  });
  // Commits its effect, then fails: the process dying right after the commit looks the same to the key.
  apiRoute(app, {
    method: 'POST',
    url: '/api/test/spend-then-fail',
    auth: 'required',
    idempotent: { db: database.db },
    params: z.object({ note: z.string() }),
    response: z.object({ id: z.number() }),
    handler: async ({ params }) => {
      await write(params.note);
      throw new Error('lost after commit');
    },
  });
  await app.ready();
  const user = await givenUser(database.db);
  token = await givenSession(database.db, user.id);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const call = (url: string, key: string, note = 'a') =>
  app
    .inject({ method: 'POST', url, headers: { token, 'idempotency-key': key, 'content-type': 'application/json' }, payload: { note } })
    .then((r) => r.json());

describe('idempotency keys after faults', () => {
  it('answers a retry with the answer that committed with the effect, even when the attempt failed after its commit', async () => {
    const before = await effects();
    const first = await call('/api/test/spend-then-fail', 'key-after-commit-1');
    expect(first.status).toBe(1000);
    const retry = await call('/api/test/spend-then-fail', 'key-after-commit-1');
    expect(retry.status).toBe(0);
    expect(await effects()).toBe(before + 1);
    expect(retry.data.id).toBeGreaterThan(0);
  });

  it('lets a retry run a key whose attempt died before committing anything, once its lease is over', async () => {
    const before = await effects();
    await claimHashFor('key-dead-1', { note: 'dead' });
    // Rewind to what a kill -9 before the commit leaves: the claim, no answer, no effect, lease over.
    await database.db.execute(
      sql`UPDATE idempotent_requests SET response = NULL, claimed_at = now() - interval '2 minutes' WHERE key = 'key-dead-1'`,
    );
    await database.db.execute(sql`DELETE FROM idem_probe WHERE id = (SELECT max(id) FROM idem_probe)`);
    expect(await effects()).toBe(before);
    const retry = await call('/api/test/spend', 'key-dead-1', 'dead');
    expect(retry.status).toBe(0);
    expect(await effects()).toBe(before + 1);
    const again = await call('/api/test/spend', 'key-dead-1', 'dead');
    expect(again.data).toEqual(retry.data);
    expect(await effects()).toBe(before + 1);
  });

  it('tells a twin that arrives while the first attempt may still run to wait', async () => {
    await claimHashFor('key-running-1', { note: 'run' });
    await database.db.execute(sql`UPDATE idempotent_requests SET response = NULL, claimed_at = now() WHERE key = 'key-running-1'`);
    expect((await call('/api/test/spend', 'key-running-1', 'run')).status).toBe(1006);
  });
});

/** Runs one real request under `key` so the row carries the genuine request hash; returns it. */
async function claimHashFor(key: string, body: { note: string }): Promise<string> {
  const res = await call('/api/test/spend', key, body.note);
  expect(res.status).toBe(0);
  const [row] = await queryRows<{ request_hash: string }>(
    database.db,
    sql`SELECT request_hash FROM idempotent_requests WHERE key = ${key}`,
  );
  return row!.request_hash;
}
