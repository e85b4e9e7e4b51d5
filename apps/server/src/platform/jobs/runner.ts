import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { notifierOf } from '../db/notifications.js';
import { runInTransaction, type TxScope } from '../db/tx.js';
import { jobObserverOf } from '../metrics/job-metrics.js';
import {
  backoffMs,
  claimDueJobs,
  completeJob,
  DEFAULT_JOB_RETENTION,
  extendLease,
  failJob,
  JOBS_CHANNEL,
  nextDueInMs,
  pruneFinishedJobs,
  type ClaimedJob,
  type JobRetention,
} from './queue.js';

export type JobHandler = (payload: Record<string, unknown>, scope: TxScope, job: ClaimedJob) => Promise<void>;

/**
 * A job that calls outside (Steam, a payment provider): it gets the database, not a transaction, and opens
 * its own short ones around the call (record the intent, commit, call, record the result), so no lock or
 * connection is held while the other side answers (issue 26 §7). The runner marks it done after it returns;
 * a crash before that runs it again, so each step must find its own recorded state and resume.
 */
export type OutsideCallJobHandler = (payload: Record<string, unknown>, io: { db: Db }, job: ClaimedJob) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  logger: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void };
  /** The poll while no LISTEN connection is up (and the pause after a failed poll). */
  pollMs: number;
  /** The longest sleep while LISTEN is up (a lost notification waits at most this); default 10 × pollMs, at least 5 s. */
  idlePollMs?: number;
  leaseMs?: number;
  backoffBaseMs?: number;
  /** Jobs one poll runs at most (each claimed on its own lease as it starts). */
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
  registerOutsideCalls(kind: string, handler: OutsideCallJobHandler): void;
  start(): void;
  /** Stops polling and waits for the running job. */
  stop(): Promise<void>;
  /** One poll, for tests and for draining: returns how many jobs ran. */
  runOnce(): Promise<number>;
  readonly nodeId: string;
}

type Registered = { inTransaction: true; handler: JobHandler } | { inTransaction: false; handler: OutsideCallJobHandler };

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const handlers = new Map<string, Registered>();
  const nodeId = options.nodeId ?? `node-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const baseMs = options.backoffBaseMs ?? 1_000;
  const idlePollMs = options.idlePollMs ?? Math.max(options.pollMs * 10, 5_000);
  const wait = createWakeableWait();
  let loop: Promise<void> | null = null;
  let stopped = true;
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;
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

  async function execute(job: ClaimedJob): Promise<void> {
    const registered = handlers.get(job.kind);
    if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
    if (registered.inTransaction) {
      const { handler } = registered;
      // The handler's writes and the "done" mark commit together: a crash in between re-runs the job.
      await runInTransaction(options.db, async (scope) => {
        await handler(job.payload, scope, job);
        if (!(await completeJob(scope.tx, job.id, nodeId))) throw new Error('lease lost');
      });
      return;
    }
    await registered.handler(job.payload, { db: options.db }, job);
    // Its steps committed on their own; losing the lease now only means another node may look again.
    if (!(await completeJob(options.db, job.id, nodeId))) options.logger.warn({ jobId: job.id, kind: job.kind }, 'job lease lost');
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const started = performance.now();
    // A job slower than a third of its lease keeps it: only a node that died lets its jobs go to another.
    const heartbeat = setInterval(() => {
      extendLease(options.db, job.id, nodeId, leaseMs).catch((err: unknown) =>
        options.logger.warn({ jobId: job.id, err: String(err) }, 'could not extend job lease'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await execute(job);
      jobObserverOf(options.db)?.(job.kind, (performance.now() - started) / 1000, 'done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      options.logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, 'job failed');
      jobObserverOf(options.db)?.(job.kind, (performance.now() - started) / 1000, job.attempts >= job.maxAttempts ? 'failed' : 'retry');
      // The failure that killed the job's transaction (a dropped connection) often takes the next
      // connection too; a second try on a fresh one keeps the job from sitting locked for a whole lease.
      const record = () => failJob(options.db, job, message, backoffMs(job.attempts, baseMs));
      await record()
        .catch(() => new Promise((resolve) => setTimeout(resolve, 200)).then(record))
        .catch((e: unknown) => options.logger.error({ jobId: job.id, err: String(e) }, 'could not record job failure'));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Claims one job at a time, each on its own lease, as it starts: a slow first job can no longer let the
   * leases of the ones claimed behind it lapse (they were all claimed together before, issue 26 §8).
   */
  async function poll(): Promise<number> {
    const limit = options.batchSize ?? 10;
    // Rounded up: the database keeps microseconds, and a job made due a moment ago must count as due.
    const began = new Date(Date.now() + 1);
    let ran = 0;
    while (ran < limit && !(stopped && loop)) {
      const [job] = await claimDueJobs(options.db, nodeId, 1, leaseMs, began);
      if (!job) break;
      await runJob(job);
      ran++;
    }
    await pruneIfDue();
    return ran;
  }

  /** How long to sleep: at once after a full batch; else until the next due job, bounded while LISTEN is up. */
  async function pause(ran: number): Promise<number> {
    if (ran > 0) return 0;
    if (!listening) return options.pollMs;
    const dueIn = await nextDueInMs(options.db);
    return dueIn === null ? idlePollMs : Math.min(idlePollMs, Math.max(MIN_PAUSE_MS, dueIn));
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let delay = options.pollMs;
      try {
        delay = await pause(await poll());
      } catch (err) {
        options.logger.error({ err: String(err) }, 'job poll failed');
      }
      if (!stopped) await wait.sleep(delay);
    }
  }

  return {
    nodeId,
    register: (kind, handler) => void handlers.set(kind, { inTransaction: true, handler }),
    registerOutsideCalls: (kind, handler) => void handlers.set(kind, { inTransaction: false, handler }),
    start() {
      if (!stopped) return;
      stopped = false;
      const notifier = notifierOf(options.db);
      if (notifier)
        void notifier
          .listen(
            JOBS_CHANNEL,
            () => wait.wake(),
            (up) => {
              listening = up;
              // Back from a LISTEN outage: what was enqueued meanwhile told nobody.
              if (up) wait.wake();
            },
          )
          .then(async (stop) => {
            if (stopped) await stop();
            else unlisten = stop;
          })
          .catch((err: unknown) => options.logger.warn({ err: String(err) }, 'job LISTEN failed; polling'));
      loop = run();
    },
    async stop() {
      stopped = true;
      wait.wake();
      listening = false;
      await unlisten?.();
      unlisten = null;
      await loop;
      loop = null;
    },
    runOnce: poll,
  };
}

/** The shortest sleep before a job due now but not claimable yet (claimed by another node a moment ago). */
const MIN_PAUSE_MS = 10;

/** A sleep that a notification ends early; a wake during a poll makes the next sleep zero. */
function createWakeableWait(): { sleep(ms: number): Promise<void>; wake(): void } {
  let timer: NodeJS.Timeout | null = null;
  let resolveSleep: (() => void) | null = null;
  let woken = false;
  const wake = (): void => {
    if (!resolveSleep) {
      woken = true;
      return;
    }
    if (timer) clearTimeout(timer);
    const resolve = resolveSleep;
    timer = null;
    resolveSleep = null;
    resolve();
  };
  const sleep = (ms: number): Promise<void> => {
    if (woken || ms <= 0) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      resolveSleep = resolve;
      timer = setTimeout(wake, ms);
    });
  };
  return { sleep, wake };
}
