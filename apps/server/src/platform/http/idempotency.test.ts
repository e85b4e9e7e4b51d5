import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { withIdempotency } from './idempotency.js';

/** Issue 10 §2: a key always resolves — its answer commits with its effect, or nothing does. */

let database: Database;
let app: FastifyInstance;
/** The same routes on a short lease, renewed every third of it while a request runs. */
const SHORT_LEASE_S = 2;
let shortLeaseApp: FastifyInstance;
let token: string;
/** Requests of /api/test/spend-held waiting to run their effect, in arrival order: the test lets each go. */
const held: Array<{ note: string; release: () => void }> = [];

const effects = async () => toInt((await queryRows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM idem_probe`))[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE idem_probe (id serial PRIMARY KEY, note text)`);
  app = await platformWithProbeRoutes(60);
  shortLeaseApp = await platformWithProbeRoutes(SHORT_LEASE_S);
  const user = await givenUser(database.db);
  token = await givenSession(database.db, user.id);
});
afterAll(async () => {
  await app?.close();
  await shortLeaseApp?.close();
  await database?.close();
});

async function platformWithProbeRoutes(idempotencyLeaseS: number): Promise<FastifyInstance> {
  const server = await createPlatformServer({
    db: database.db,
    logLevel: 'silent',
    trustProxy: [],
    rateLimitPerMinute: 100_000,
    idempotencyLeaseS,
  });
  const write = (note: string) =>
    runInTransaction(database.db, async ({ tx }) => {
      const [row] = await queryRows<{ id: unknown }>(tx, sql`INSERT INTO idem_probe (note) VALUES (${note}) RETURNING id`);
      return { id: toInt(row?.id) };
    });
  const spendRoute = (url: string, handler: (note: string) => Promise<{ id: number }>) =>
    apiRoute(server, {
      method: 'POST',
      url,
      auth: 'required',
      idempotent: { db: database.db },
      params: z.object({ note: z.string() }),
      response: z.object({ id: z.number() }),
      handler: ({ params }) => handler(params.note),
    });
  spendRoute('/api/test/spend', write);
  // Commits its effect, then fails: the process dying right after the commit looks the same to the key.
  spendRoute('/api/test/spend-then-fail', async (note) => {
    await write(note);
    throw new Error('lost after commit');
  });
  // Holds before its effect (outside any transaction) until the test releases it: a slow attempt.
  spendRoute('/api/test/spend-held', async (note) => {
    await new Promise<void>((release) => held.push({ note, release }));
    return write(note);
  });
  // Takes an array of objects, as the sell and exchange routes do: the key must cover their nested fields.
  apiRoute(server, {
    method: 'POST',
    url: '/api/test/spend-many',
    auth: 'required',
    idempotent: { db: database.db },
    params: z.object({ items: z.array(z.object({ id: z.number(), note: z.string() })) }),
    response: z.object({ id: z.number() }),
    handler: ({ params }) => write(params.items.map((i) => `${i.id}:${i.note}`).join(',')),
  });
  await server.ready();
  return server;
}

const call = (url: string, key: string, note = 'a', on = app) =>
  on
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

  it('refuses a key reused with different nested contents, and answers the same nested contents in any key order', async () => {
    const many = (payload: unknown) =>
      app
        .inject({
          method: 'POST',
          url: '/api/test/spend-many',
          headers: { token, 'idempotency-key': 'key-nested-1', 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        })
        .then((r) => r.json());
    const before = await effects();
    const first = await many({ items: [{ id: 1, note: 'x' }] });
    expect(first.status).toBe(0);
    expect((await many({ items: [{ id: 2, note: 'x' }] })).msg).toBe('该请求编号已用于其他请求');
    expect(
      (
        await many({
          items: [
            { id: 1, note: 'x' },
            { id: 3, note: 'y' },
          ],
        })
      ).status,
    ).not.toBe(0);
    const reordered = await many({ items: [{ note: 'x', id: 1 }] });
    expect(reordered).toEqual(first);
    expect(await effects()).toBe(before + 1);
  });

  it('tells a twin that arrives while the first attempt may still run to wait', async () => {
    await claimHashFor('key-running-1', { note: 'run' });
    await database.db.execute(sql`UPDATE idempotent_requests SET response = NULL, claimed_at = now() WHERE key = 'key-running-1'`);
    expect((await call('/api/test/spend', 'key-running-1', 'run')).status).toBe(1006);
  });
});

describe('Idempotency-Key leases renewed while the attempt runs (issue 26)', () => {
  const claimOf = async (key: string) =>
    (
      await queryRows<{ attempt: string | null; response: unknown; renewed_s: unknown }>(
        database.db,
        sql`SELECT attempt, response, extract(epoch FROM claimed_at - created_at) AS renewed_s
            FROM idempotent_requests WHERE key = ${key}`,
      )
    )[0];
  const heldOne = async (note: string) => {
    await vi.waitFor(() => expect(held.some((h) => h.note === note)).toBe(true), { timeout: 10_000, interval: 20 });
    const at = held.findIndex((h) => h.note === note);
    return held.splice(at, 1)[0]!;
  };
  // A failed test leaves no request waiting for the apps' close.
  afterEach(() => held.splice(0).forEach((h) => h.release()));

  it('keeps the key of a request that runs past its lease: twins are told to wait throughout, the request answers once', async () => {
    const before = await effects();
    const first = call('/api/test/spend-held', 'key-long-1', 'long', shortLeaseApp);
    const attempt = await heldOne('long');
    // A twin after another until the claim is past two leases old: only the heartbeat keeps it that long.
    const twins: number[] = [];
    await vi.waitFor(
      async () => {
        twins.push((await call('/api/test/spend-held', 'key-long-1', 'long', shortLeaseApp)).status);
        expect(Number((await claimOf('key-long-1'))?.renewed_s)).toBeGreaterThan(2 * SHORT_LEASE_S);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(new Set(twins)).toEqual(new Set([1006]));
    attempt.release();
    const answer = await first;
    expect(answer.status).toBe(0);
    expect(await effects()).toBe(before + 1);
    expect(await call('/api/test/spend-held', 'key-long-1', 'long', shortLeaseApp)).toEqual(answer);
  });

  it('frees the key of an attempt that stopped renewing (killed) after the short lease, and a retry runs it once', async () => {
    await claimHashFor('key-killed-1', { note: 'killed' });
    // What a kill -9 before the commit leaves: a fresh claim nobody renews, no answer, no effect.
    await database.db.execute(sql`DELETE FROM idem_probe WHERE id = (SELECT max(id) FROM idem_probe)`);
    const [claim] = await queryRows<{ claimed_at: string }>(
      database.db,
      sql`UPDATE idempotent_requests SET response = NULL, attempt = gen_random_uuid(), claimed_at = now()
          WHERE key = 'key-killed-1' RETURNING claimed_at::text`,
    );
    const before = await effects();
    let answer: { status: number; data: unknown } = { status: -1, data: null };
    await vi.waitFor(
      async () => {
        answer = await call('/api/test/spend', 'key-killed-1', 'killed', shortLeaseApp);
        expect(answer.status).not.toBe(1006);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(answer.status).toBe(0);
    expect(await effects()).toBe(before + 1);
    // Taken over no sooner than a lease after the dead attempt's claim.
    const [after] = await queryRows<{ waited: boolean }>(
      database.db,
      sql`SELECT claimed_at >= ${claim!.claimed_at}::timestamptz + make_interval(secs => ${SHORT_LEASE_S}) AS waited
          FROM idempotent_requests WHERE key = 'key-killed-1'`,
    );
    expect(after?.waited).toBe(true);
    expect(await call('/api/test/spend', 'key-killed-1', 'killed', shortLeaseApp)).toEqual(answer);
    expect(await effects()).toBe(before + 1);
  });

  it('goes on through renewals that fail (the database away) and answers once', async () => {
    const before = await effects();
    let down = true;
    // The same database, except that every update fails while it is "down": only the heartbeat updates then.
    const flaky = new Proxy(database.db, {
      get: (target, name, receiver) =>
        name === 'update' && down
          ? () => {
              throw new Error('database down');
            }
          : (Reflect.get(target, name, receiver) as unknown),
    });
    const failures: unknown[] = [];
    const answer = await withIdempotency(
      flaky,
      {
        userId: -1,
        key: 'key-renewals-down-1',
        url: '/api/test/direct',
        params: {},
        leaseS: 0.3,
        onRenewalFailed: (err) => failures.push(err),
      },
      async () => {
        await vi.waitFor(() => expect(failures.length).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
        down = false;
        return runInTransaction(database.db, async ({ tx }) => {
          await tx.execute(sql`INSERT INTO idem_probe (note) VALUES ('renewals-down')`);
          return { done: true };
        });
      },
    );
    expect(answer).toEqual({ done: true });
    expect(String(failures[0])).toContain('database down');
    expect(await effects()).toBe(before + 1);
    const [row] = await queryRows<{ response: unknown }>(
      database.db,
      sql`SELECT response FROM idempotent_requests WHERE key = 'key-renewals-down-1'`,
    );
    expect(row?.response).toEqual({ done: true });
  });

  it("lets an attempt whose claim was taken over neither commit, nor answer, nor free its successor's key", async () => {
    const before = await effects();
    const stale = call('/api/test/spend-held', 'key-stale-1', 'stale');
    const staleAttempt = await heldOne('stale');
    const staleClaim = (await claimOf('key-stale-1'))!.attempt;
    // Its claim lapses while it is stalled (renewals failing, a frozen process): a retry takes the key over.
    await database.db.execute(sql`UPDATE idempotent_requests SET claimed_at = now() - interval '2 minutes' WHERE key = 'key-stale-1'`);
    const retry = call('/api/test/spend-held', 'key-stale-1', 'stale');
    const retryAttempt = await heldOne('stale');
    expect((await claimOf('key-stale-1'))!.attempt).not.toBe(staleClaim);
    // The stale attempt wakes: its effect rolls back with its refused answer, and the retry keeps the key.
    staleAttempt.release();
    expect((await stale).status).toBe(1006);
    expect(await effects()).toBe(before);
    expect((await claimOf('key-stale-1'))?.response).toBeNull();
    expect((await call('/api/test/spend-held', 'key-stale-1', 'stale')).status).toBe(1006);
    retryAttempt.release();
    const answer = await retry;
    expect(answer.status).toBe(0);
    expect(await effects()).toBe(before + 1);
    expect(await call('/api/test/spend-held', 'key-stale-1', 'stale')).toEqual(answer);
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
