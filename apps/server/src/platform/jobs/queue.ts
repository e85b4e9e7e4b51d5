import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';

/** The LISTEN/NOTIFY channel an enqueue wakes the runners on. */
export const JOBS_CHANNEL = 'skinfair_jobs';

export interface EnqueueInput {
  kind: string;
  payload?: Record<string, unknown>;
  /** Default now. */
  runAt?: Date;
  /** A job that must exist once names itself; a second enqueue with the same key is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Enqueue inside the caller's transaction, so a job exists if and only if the work that scheduled it
 * committed (a battle round timer, a retrieval step).
 */
export async function enqueueJob(ex: Executor, input: EnqueueInput): Promise<number | null> {
  // The NOTIFY goes out when the caller commits (never for a rolled-back one) and wakes every runner at once,
  // in the same round trip; a job due later wakes them too, so each sleeps until the new earliest due time.
  const rows = await queryRows<{ id: unknown }>(
    ex,
    sql`WITH ins AS (
          INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts)
          VALUES (${input.kind}, ${JSON.stringify(input.payload ?? {})}::jsonb,
                  ${(input.runAt ?? new Date()).toISOString()}::timestamptz, ${input.dedupeKey ?? null}, ${input.maxAttempts ?? 8})
          ON CONFLICT (dedupe_key) DO NOTHING RETURNING id),
        told AS (SELECT pg_notify(${JOBS_CHANNEL}, '') FROM (SELECT 1) one)
        SELECT ins.id FROM ins, told`,
  );
  return rows[0] ? toInt(rows[0].id) : null;
}

/**
 * Brings forward the pending jobs of `kind` whose payload has `key` = `value` (run now), and says whether
 * there was one: a caller asking for "run it again now" must not start a second chain beside it.
 */
export async function hurryPendingJobs(ex: Executor, kind: string, key: string, value: string | number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    ex,
    sql`UPDATE jobs SET run_at = LEAST(run_at, now())
        WHERE kind = ${kind} AND state = 'pending' AND payload->>${key} = ${String(value)}
        RETURNING id`,
  );
  return rows.length > 0;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/**
 * Claims due jobs for `leaseMs`. SKIP LOCKED lets many nodes poll the same table without waiting on
 * each other; a node that dies mid-job loses its lease and another node runs the job again, so every
 * handler must be idempotent (design §6).
 */
export async function claimDueJobs(
  ex: Executor,
  nodeId: string,
  limit: number,
  leaseMs: number,
  /** Only jobs due by then (a poll takes what was due when it began; what its jobs enqueue waits for the next). */
  dueBy?: Date,
): Promise<ClaimedJob[]> {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
               locked_by = ${nodeId}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
          WHERE state = 'pending' AND run_at <= ${dueBy ? sql`LEAST(now(), ${dueBy.toISOString()}::timestamptz)` : sql`now()`}
            AND (locked_until IS NULL OR locked_until < now())
          ORDER BY run_at, id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts`,
  );
  return rows.map((r) => ({
    id: toInt(r.id),
    kind: String(r.kind),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    attempts: toInt(r.attempts),
    maxAttempts: toInt(r.max_attempts),
  }));
}

/**
 * Pushes this node's lease on a running job forward: a job that takes longer than one lease (a slow Steam
 * call) keeps it while it runs, and only a node that died lets it lapse. False: the lease was already lost.
 */
export async function extendLease(ex: Executor, jobId: number, nodeId: string, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    ex,
    sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseMs / 1000})
        WHERE id = ${jobId} AND locked_by = ${nodeId} AND state = 'pending' AND locked_until >= now() RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * Milliseconds until the next pending job can be claimed (its run time, or the end of another node's lease
 * on it); null when none is pending. An idle runner sleeps that long rather than polling.
 */
export async function nextDueInMs(ex: Executor): Promise<number | null> {
  const [row] = await queryRows<{ ms: unknown }>(
    ex,
    sql`SELECT (EXTRACT(EPOCH FROM min(GREATEST(run_at, COALESCE(locked_until, run_at))) - now()) * 1000)::float8 AS ms
        FROM jobs WHERE state = 'pending'`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

/** Marks done only while this node still holds the lease: a node that lost it must not finish twice. */
export async function completeJob(ex: Executor, jobId: number, nodeId: string): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    ex,
    sql`UPDATE jobs SET state = 'done', finished_at = now(), locked_until = NULL
        WHERE id = ${jobId} AND locked_by = ${nodeId} AND state = 'pending' RETURNING id`,
  );
  return rows.length === 1;
}

export async function failJob(ex: Executor, job: ClaimedJob, error: string, retryInMs: number): Promise<void> {
  const failedForGood = job.attempts >= job.maxAttempts;
  await ex.execute(
    sql`UPDATE jobs SET locked_until = NULL, last_error = ${error.slice(0, 2000)},
          state = ${failedForGood ? 'failed' : 'pending'},
          finished_at = ${failedForGood ? sql`now()` : null},
          run_at = now() + make_interval(secs => ${retryInMs / 1000})
        WHERE id = ${job.id}`,
  );
}

/** Exponential back-off from `baseMs`, capped at one hour. */
export const backoffMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface JobRetention {
  /** Days a finished job is kept: its dedupe key still refuses a second enqueue meanwhile. */
  doneDays: number;
  /** Failed jobs stay longer: they are what an operator looks into. */
  failedDays: number;
}

export const DEFAULT_JOB_RETENTION: JobRetention = { doneDays: 30, failedDays: 90 };

/**
 * Deletes up to `limit` finished jobs older than the retention, and says how many. Every handler is
 * idempotent through its own keys (ledger keys, state guards), and every dedupe key names a moment that
 * is long past by then, so a pruned row cannot let old work run twice. SKIP LOCKED keeps two nodes
 * pruning together from waiting on each other.
 */
export async function pruneFinishedJobs(ex: Executor, retention: JobRetention, limit: number): Promise<number> {
  const rows = await queryRows<{ n: unknown }>(
    ex,
    sql`WITH gone AS (
          DELETE FROM jobs WHERE id IN (
            SELECT id FROM jobs
            WHERE (state = 'done' AND finished_at < now() - make_interval(days => ${retention.doneDays}))
               OR (state = 'failed' AND finished_at < now() - make_interval(days => ${retention.failedDays}))
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING 1)
        SELECT count(*) AS n FROM gone`,
  );
  return toInt(rows[0]?.n);
}
