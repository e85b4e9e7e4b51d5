import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { runInTransaction, type TxScope } from '../db/tx.js';
import {
  backoffMs,
  claimDueJobs,
  completeJob,
  DEFAULT_JOB_RETENTION,
  failJob,
  pruneFinishedJobs,
  type ClaimedJob,
  type JobRetention,
} from './queue.js';

export type JobHandler = (payload: Record<string, unknown>, scope: TxScope, job: ClaimedJob) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  logger: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void };
  pollMs: number;
  leaseMs?: number;
  backoffBaseMs?: number;
  batchSize?: number;
  nodeId?: string;
  /** How long finished jobs are kept; the table would otherwise grow with every game ever played. */
  retention?: JobRetention;
  /** How often this node prunes (one batch each time); default hourly. */
  pruneEveryMs?: number;
}

/** One prune deletes at most this many rows, so it never holds the table long; a backlog goes over hours. */
const PRUNE_BATCH = 5_000;

export interface JobRunner {
  register(kind: string, handler: JobHandler): void;
  start(): void;
  /** Stops polling and waits for the running batch. */
  stop(): Promise<void>;
  /** One poll, for tests and for draining: returns how many jobs ran. */
  runOnce(): Promise<number>;
  readonly nodeId: string;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const nodeId = options.nodeId ?? `node-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const baseMs = options.backoffBaseMs ?? 1_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  const pruneEveryMs = options.pruneEveryMs ?? 3_600_000;
  // The first prune waits a full interval: a start (or a crash loop) is not the time for housekeeping.
  let lastPruneAt = Date.now();

  async function pruneIfDue(): Promise<void> {
    if (Date.now() - lastPruneAt < pruneEveryMs) return;
    lastPruneAt = Date.now();
    try {
      const pruned = await pruneFinishedJobs(options.db, options.retention ?? DEFAULT_JOB_RETENTION, PRUNE_BATCH);
      if (pruned > 0) options.logger.info({ pruned }, 'pruned finished jobs');
    } catch (err) {
      options.logger.warn({ err: String(err) }, 'job prune failed');
    }
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // The handler's writes and the "done" mark commit together: a crash in between re-runs the job.
      await runInTransaction(options.db, async (scope) => {
        await handler(job.payload, scope, job);
        if (!(await completeJob(scope.tx, job.id, nodeId))) throw new Error('lease lost');
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      options.logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
      // The failure that killed the job's transaction (a dropped connection) often takes the next
      // connection too; a second try on a fresh one keeps the job from sitting locked for a whole lease.
      const record = () => failJob(options.db, job, message, backoffMs(job.attempts, baseMs));
      await record()
        .catch(() => new Promise((resolve) => setTimeout(resolve, 200)).then(record))
        .catch((e: unknown) => options.logger.error({ jobId: job.id, err: String(e) }, 'could not record job failure'));
    }
  }

  async function poll(): Promise<number> {
    const claimed = await claimDueJobs(options.db, nodeId, options.batchSize ?? 10, leaseMs);
    for (const job of claimed) await runJob(job);
    await pruneIfDue();
    return claimed.length;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll().catch((err: unknown) => {
        options.logger.error({ err: String(err) }, 'job poll failed');
        return 0;
      });
      void running.finally(() => {
        running = null;
        schedule();
      });
    }, options.pollMs);
  }

  return {
    nodeId,
    register: (kind, handler) => void handlers.set(kind, handler),
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
    runOnce: poll,
  };
}
