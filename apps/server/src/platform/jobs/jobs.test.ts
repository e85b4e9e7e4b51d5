import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';
import { createTestDatabase, usingPostgres } from '../../testing/test-db.js';
import { claimDueJobs, createJobRunner, enqueueJob, pruneFinishedJobs, type JobRunner } from './index.js';

let database: Database;
const quiet = { info() {}, warn() {}, error() {} };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const jobRow = async (id: number) => (await queryRows<Record<string, unknown>>(database.db, sql`SELECT * FROM jobs WHERE id = ${id}`))[0]!;

function runner(options: Partial<Parameters<typeof createJobRunner>[0]> = {}): JobRunner {
  return createJobRunner({ db: database.db, logger: quiet, pollMs: 20, backoffBaseMs: 10, ...options });
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('jobs', () => {
  it('runs a due job once, with its writes in the same transaction as the done mark', async () => {
    const kind = `touch-${Date.now()}`;
    const seen: unknown[] = [];
    const r = runner();
    r.register(kind, async (payload, { tx }) => {
      seen.push(payload.n);
      await tx.execute(sql`INSERT INTO site_settings (key, value) VALUES (${kind}, '1'::jsonb)`);
    });
    const id = (await enqueueJob(database.db, { kind, payload: { n: 7 } }))!;
    expect(await r.runOnce()).toBe(1);
    expect(await r.runOnce()).toBe(0);
    expect(seen).toEqual([7]);
    expect(await jobRow(id)).toMatchObject({ state: 'done' });
    const written = await queryRows(database.db, sql`SELECT 1 FROM site_settings WHERE key = ${kind}`);
    expect(written).toHaveLength(1);
  });

  it('does not run a job before its time', async () => {
    const kind = `later-${Date.now()}`;
    const r = runner();
    let ran = false;
    r.register(kind, async () => void (ran = true));
    await enqueueJob(database.db, { kind, runAt: new Date(Date.now() + 60_000) });
    await r.runOnce();
    expect(ran).toBe(false);
  });

  it('retries a failing job with back-off, rolls back its writes, and gives up after maxAttempts', async () => {
    const kind = `flaky-${Date.now()}`;
    const r = runner();
    let calls = 0;
    r.register(kind, async (_p, { tx }) => {
      calls++;
      await tx.execute(sql`INSERT INTO site_settings (key, value) VALUES (${`${kind}-${calls}`}, '1'::jsonb)`);
      throw new Error(`boom ${calls}`);
    });
    const id = (await enqueueJob(database.db, { kind, maxAttempts: 3 }))!;
    r.start();
    await until(async () => (await jobRow(id)).state === 'failed');
    await r.stop();
    const row = await jobRow(id);
    expect(calls).toBe(3);
    expect(toInt(row.attempts)).toBe(3);
    expect(row.last_error).toBe('boom 3');
    const leaked = await queryRows(database.db, sql`SELECT 1 FROM site_settings WHERE key LIKE ${`${kind}-%`}`);
    expect(leaked).toHaveLength(0);
  });

  it('enqueues a named job once', async () => {
    const key = `settle-battle-${Date.now()}`;
    const first = await enqueueJob(database.db, { kind: 'noop', dedupeKey: key });
    const second = await enqueueJob(database.db, { kind: 'noop', dedupeKey: key });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
  });

  it('survives a restart: a job claimed by a node that died runs again on another node after its lease', async () => {
    const kind = `orphan-${Date.now()}`;
    const id = (await enqueueJob(database.db, { kind }))!;
    // A node claims it and dies before finishing (no completion is ever written).
    const claimed = await claimDueJobs(database.db, 'dead-node', 10, 200);
    expect(claimed.map((j) => j.id)).toContain(id);
    const survivor = runner({ nodeId: 'survivor' });
    const ran: number[] = [];
    survivor.register(kind, async (_p, _s, job) => void ran.push(job.id));
    expect(await survivor.runOnce()).toBe(0); // still leased to the dead node
    await new Promise((r) => setTimeout(r, 250));
    await survivor.runOnce();
    expect(ran).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', locked_by: 'survivor' });
  });
});

describe('finished jobs are pruned', () => {
  /** A job of `kind` in `state`, finished `daysAgo` days ago (pending jobs have no finish time). */
  async function aged(kind: string, state: 'pending' | 'done' | 'failed', daysAgo: number): Promise<number> {
    const id = (await enqueueJob(database.db, { kind, dedupeKey: `${kind}-${state}-${daysAgo}` }))!;
    const finished = state === 'pending' ? sql`NULL` : sql`now() - make_interval(days => ${daysAgo})`;
    await database.db.execute(sql`UPDATE jobs SET state = ${state}, finished_at = ${finished} WHERE id = ${id}`);
    return id;
  }
  const remaining = async (kind: string) =>
    (await queryRows<{ dedupe_key: string }>(database.db, sql`SELECT dedupe_key FROM jobs WHERE kind = ${kind} ORDER BY dedupe_key`)).map(
      (r) => r.dedupe_key,
    );

  it('deletes done jobs past their retention and failed ones past theirs, and nothing pending', async () => {
    const kind = `aged-${Date.now()}`;
    for (const [state, days] of [
      ['done', 31],
      ['done', 29],
      ['failed', 31],
      ['failed', 91],
      ['pending', 0],
    ] as const) {
      await aged(kind, state, days);
    }
    const pruned = await pruneFinishedJobs(database.db, { doneDays: 30, failedDays: 90 }, 100);
    expect(pruned).toBeGreaterThanOrEqual(2);
    expect(await remaining(kind)).toEqual([`${kind}-done-29`, `${kind}-failed-31`, `${kind}-pending-0`]);
  });

  it('takes one batch at a time, and a pruned dedupe key can be enqueued again', async () => {
    const kind = `batch-${Date.now()}`;
    for (let days = 40; days < 43; days++) await aged(kind, 'done', days);
    // Other tests' old rows may be pruned too; the batch bound holds over all of them.
    expect(await pruneFinishedJobs(database.db, { doneDays: 30, failedDays: 90 }, 2)).toBe(2);
    await pruneFinishedJobs(database.db, { doneDays: 30, failedDays: 90 }, 100);
    expect(await remaining(kind)).toEqual([]);
    expect(await enqueueJob(database.db, { kind, dedupeKey: `${kind}-done-40` })).toBeTypeOf('number');
  });

  it('the runner prunes on its own once the interval has passed', async () => {
    const kind = `runner-prune-${Date.now()}`;
    await aged(kind, 'done', 45);
    const r = runner({ pruneEveryMs: 0 });
    await r.runOnce();
    expect(await remaining(kind)).toEqual([]);
  });
});

describe.skipIf(!usingPostgres())('jobs across nodes (PostgreSQL)', () => {
  it('two nodes polling together run each job exactly once', async () => {
    const kind = `shared-${Date.now()}`;
    const runs = new Map<number, number>();
    const nodes = [runner({ nodeId: 'a' }), runner({ nodeId: 'b' })];
    for (const node of nodes) node.register(kind, async (_p, _s, job) => void runs.set(job.id, (runs.get(job.id) ?? 0) + 1));
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueueJob(database.db, { kind, payload: { i } }))!);
    for (const node of nodes) node.start();
    await until(async () => {
      const [row] = await queryRows<{ n: unknown }>(
        database.db,
        sql`SELECT count(*) AS n FROM jobs WHERE kind = ${kind} AND state = 'done'`,
      );
      return toInt(row?.n) === 40;
    });
    await Promise.all(nodes.map((n) => n.stop()));
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });
});
