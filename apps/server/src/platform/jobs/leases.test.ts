import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/rows.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { openTransactions } from '../../testing/open-transactions.js';
import { installJobMetrics } from '../metrics/job-metrics.js';
import { createJobRunner, enqueueJob, type JobRunner } from './index.js';

// Issue 26 §8: a lease per job kept alive while it runs, a wake on NOTIFY, and runs counted per kind.
let database: Database;
const quiet = { info() {}, warn() {}, error() {} };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

const lease = async (id: number) =>
  (
    await queryRows<{ locked_by: string | null; locked_until: Date | string | null }>(
      database.db,
      sql`SELECT locked_by, locked_until FROM jobs WHERE id = ${id}`,
    )
  )[0]!;
const stateOf = async (id: number) =>
  (await queryRows<{ state: string }>(database.db, sql`SELECT state FROM jobs WHERE id = ${id}`))[0]!.state;

function runner(options: Partial<Parameters<typeof createJobRunner>[0]> = {}): JobRunner {
  return createJobRunner({ db: database.db, logger: quiet, pollMs: 60_000, idlePollMs: 60_000, backoffBaseMs: 10, ...options });
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('job leases', () => {
  it('claims one job at a time: while the first runs, the next is unclaimed and another node takes it', async () => {
    const kind = `slow-${Date.now()}`;
    const first = (await enqueueJob(database.db, { kind, payload: { n: 1 } }))!;
    const second = (await enqueueJob(database.db, { kind, payload: { n: 2 } }))!;
    const release = gate();
    const started = gate();
    const ran: Array<[string, number]> = [];
    const a = runner({ nodeId: 'lease-a' });
    a.registerOutsideCalls(kind, async (p) => {
      ran.push(['a', Number(p.n)]);
      if (p.n === 1) {
        started.open();
        await release.opened;
      }
    });
    const b = runner({ nodeId: 'lease-b' });
    b.registerOutsideCalls(kind, async (p) => void ran.push(['b', Number(p.n)]));
    const aPoll = a.runOnce();
    await started.opened;
    expect((await lease(second)).locked_by).toBeNull();
    await b.runOnce();
    release.open();
    await aPoll;
    expect(ran.sort()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([await stateOf(first), await stateOf(second)]).toEqual(['done', 'done']);
  });

  it('keeps the lease of a job that runs longer than it, so no other node runs it meanwhile', async () => {
    const kind = `long-${Date.now()}`;
    const id = (await enqueueJob(database.db, { kind }))!;
    const release = gate();
    let runs = 0;
    // Long enough that a busy CI machine's event-loop stall (seen past 300 ms) does not outlast it.
    const a = runner({ nodeId: 'long-a', leaseMs: 2_000 });
    a.registerOutsideCalls(kind, async () => {
      runs++;
      await release.opened;
    });
    const aPoll = a.runOnce();
    await until(async () => (await lease(id)).locked_by === 'long-a');
    const firstUntil = new Date((await lease(id)).locked_until!).getTime();
    // Past the first lease's end, it has been pushed on (the heartbeat), and another node finds nothing.
    await until(async () => new Date((await lease(id)).locked_until!).getTime() > firstUntil + 150);
    const b = runner({ nodeId: 'long-b' });
    b.registerOutsideCalls(kind, async () => void runs++);
    await b.runOnce();
    release.open();
    await aPoll;
    expect(runs).toBe(1);
    expect(await stateOf(id)).toBe('done');
  });

  it('an outside-call handler runs with no transaction open', async () => {
    const kind = `outside-${Date.now()}`;
    await enqueueJob(database.db, { kind });
    const seen: number[] = [];
    const r = runner();
    r.registerOutsideCalls(kind, async () => void seen.push(await openTransactions(database)));
    expect(await r.runOnce()).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([0]);
  });
});

describe('waking on NOTIFY', () => {
  it('a started runner whose poll is a minute away runs a job as soon as it is enqueued, and one due shortly after', async () => {
    const kind = `notified-${Date.now()}`;
    const ran: number[] = [];
    const r = runner({ nodeId: 'notified' });
    r.register(kind, async (p) => void ran.push(Number(p.n)));
    r.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100)); // past its first (empty) poll
      await enqueueJob(database.db, { kind, payload: { n: 1 } });
      await until(async () => ran.includes(1));
      // Due later: the runner sleeps until then, not until the next minute's poll.
      await enqueueJob(database.db, { kind, payload: { n: 2 }, runAt: new Date(Date.now() + 300) });
      await until(async () => ran.includes(2));
    } finally {
      await r.stop();
    }
    expect(ran).toEqual([1, 2]);
  });
});

describe('job metrics', () => {
  it('counts runs per kind and outcome and times them', async () => {
    const registry = new Registry();
    installJobMetrics(registry, database.db);
    const kind = `metered-${Date.now()}`;
    const r = runner();
    r.register(kind, async (p) => {
      if (p.fail) throw new Error('boom');
    });
    await enqueueJob(database.db, { kind, payload: { fail: false } });
    await enqueueJob(database.db, { kind, payload: { fail: true }, maxAttempts: 1 });
    await r.runOnce();
    const runs = (await registry.getSingleMetric('skinfair_job_runs_total')!.get()).values.filter((v) => v.labels.kind === kind);
    expect(runs.map((v) => [v.labels.outcome, v.value]).sort()).toEqual([
      ['done', 1],
      ['failed', 1],
    ]);
    const durations = (await registry.getSingleMetric('skinfair_job_duration_seconds')!.get()).values;
    const count = durations.find(
      (v) => v.labels.kind === kind && (v as { metricName?: string }).metricName === 'skinfair_job_duration_seconds_count',
    );
    expect(count?.value).toBe(2);
  });
});
