import { Counter, Histogram, type Registry } from 'prom-client';

/** How a job's run ended: done, failed and tried again later, failed for good (its last attempt). */
export type JobOutcome = 'done' | 'retry' | 'failed';

/** Told once per job run, by the runner of the database whose metrics are installed. */
export type JobObserver = (kind: string, seconds: number, outcome: JobOutcome) => void;

/** Seconds: a timer job is milliseconds; a withdrawal step waits on Steam for up to its call timeouts. */
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

// Keyed by the database handle, like the notifier (db/notifications.ts): the runner is built beside the
// app in main.ts, and each test app has its own database and registry.
const observers = new WeakMap<object, JobObserver>();

/**
 * Job runs per kind and outcome, and their durations (issue 26 §8): a kind whose failures climb, or whose
 * runs grow towards the lease, shows here before its backlog does (skinfair_jobs_due).
 */
export function installJobMetrics(registry: Registry, db: object): void {
  const runs = new Counter({
    name: 'skinfair_job_runs_total',
    help: 'Background job runs on this node, by kind and outcome (done, retry, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'skinfair_job_duration_seconds',
    help: 'Time one background job run took on this node, by kind',
    labelNames: ['kind'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  observers.set(db, (kind, seconds, outcome) => {
    runs.inc({ kind, outcome });
    duration.observe({ kind }, seconds);
  });
}

export function jobObserverOf(db: object): JobObserver | undefined {
  return observers.get(db);
}
